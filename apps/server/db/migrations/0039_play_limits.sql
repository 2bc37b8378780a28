CREATE TABLE "deposit_reservations" (
	"key" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_limit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"staff_id" integer,
	"what" text NOT NULL,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_limits" (
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"value" bigint,
	"pending" boolean DEFAULT false NOT NULL,
	"pending_value" bigint,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "play_limits_member_id_kind_period_pk" PRIMARY KEY("member_id","kind","period"),
	CONSTRAINT "play_limits_kind" CHECK ("play_limits"."kind" in ('deposit', 'loss')),
	CONSTRAINT "play_limits_period" CHECK ("play_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "play_limits_positive" CHECK ("play_limits"."value" is null or "play_limits"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "play_states" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer,
	"timeout_until" timestamp with time zone,
	"excluded_since" timestamp with time zone,
	"excluded_until" timestamp with time zone,
	"lift_at" timestamp with time zone,
	"session_started_at" timestamp with time zone,
	"session_last_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "play_limit_events_member" ON "play_limit_events" USING btree ("member_id","id");