CREATE TABLE "invite_commissions" (
	"source" text PRIMARY KEY NOT NULL,
	"inviter_id" bigint NOT NULL,
	"invitee_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"base" bigint NOT NULL,
	"percent" double precision NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"day" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_commissions_amount" CHECK ("invite_commissions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invite_flags" (
	"invitee_id" bigint PRIMARY KEY NOT NULL,
	"inviter_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "period_closing_members" (
	"program" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"member_id" bigint NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "period_closing_members_program_period_start_member_id_pk" PRIMARY KEY("program","period_start","member_id")
);
--> statement-breakpoint
CREATE TABLE "period_closings" (
	"program" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "period_closings_program_period_start_pk" PRIMARY KEY("program","period_start")
);
--> statement-breakpoint
CREATE TABLE "play_tally" (
	"member_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"under_grant" boolean NOT NULL,
	"stakes" bigint NOT NULL,
	"payouts" bigint NOT NULL,
	"rounds" integer NOT NULL,
	CONSTRAINT "play_tally_member_id_hour_game_code_under_grant_pk" PRIMARY KEY("member_id","hour","game_code","under_grant")
);
--> statement-breakpoint
CREATE TABLE "play_tally_cursors" (
	"member_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"last_round_id" bigint NOT NULL,
	CONSTRAINT "play_tally_cursors_member_id_game_code_pk" PRIMARY KEY("member_id","game_code")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"loss" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"terms" jsonb NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "refunds_amounts" CHECK ("refunds"."loss" > 0 and "refunds"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_programs" (
	"name" text PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"settings" jsonb NOT NULL,
	"banners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_grants" ALTER COLUMN "offer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD COLUMN "program" text;--> statement-breakpoint
CREATE INDEX "invite_commissions_inviter" ON "invite_commissions" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "period_closing_members_pending" ON "period_closing_members" USING btree ("lease_until") WHERE not "period_closing_members"."done";--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_member_period" ON "refunds" USING btree ("member_id","period_start");--> statement-breakpoint
CREATE INDEX "refunds_member_received" ON "refunds" USING btree ("member_id","received_at") WHERE "refunds"."state" = 'received';--> statement-breakpoint
CREATE INDEX "ledger_transfers_deposits" ON "ledger_transfers" USING btree ("created_at") WHERE ("ledger_transfers"."metadata" -> 'statement' ->> 'type') = 'deposit';--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_kind" ON "ledger_transfers" USING btree ("credit_account_id","kind","id");--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_source" CHECK (("promotion_grants"."offer_id" is null) = ("promotion_grants"."program" is not null));