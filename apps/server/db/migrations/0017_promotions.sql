CREATE TABLE "promotion_grant_turnover" (
	"grant_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"last_round_id" bigint NOT NULL,
	"turnover" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_grant_turnover_grant_id_game_code_pk" PRIMARY KEY("grant_id","game_code")
);
--> statement-breakpoint
CREATE TABLE "promotion_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"offer_id" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"currency" text NOT NULL,
	"deposit_transfer_id" bigint,
	"deposit" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"required_turnover" bigint NOT NULL,
	"state" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"credited" boolean DEFAULT false NOT NULL,
	"closing_state" text,
	"closing_amount" bigint,
	"closing_since" timestamp with time zone,
	"closing_lease" text,
	"closing_lease_until" timestamp with time zone,
	"closed_amount" bigint,
	"closed_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_grants_deposit_transfer_id_unique" UNIQUE("deposit_transfer_id"),
	CONSTRAINT "promotion_grants_bonus" CHECK ("promotion_grants"."bonus" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"channel" text NOT NULL,
	"names" jsonb NOT NULL,
	"notices" jsonb NOT NULL,
	"type" text NOT NULL,
	"max_received" integer NOT NULL,
	"reward" jsonb NOT NULL,
	"deposit_rule" text DEFAULT 'any' NOT NULL,
	"minimum_deposit" bigint NOT NULL,
	"deposit_within_minutes" integer DEFAULT 1440 NOT NULL,
	"turnover_multiple" integer NOT NULL,
	"contributions" jsonb NOT NULL,
	"withdraw_cap_multiple" integer,
	"floor" bigint NOT NULL,
	"percent_fail" integer NOT NULL,
	"grant_days" integer NOT NULL,
	"banners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"budget" bigint,
	"granted" bigint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_offers_code_unique" UNIQUE("code"),
	CONSTRAINT "promotion_offers_code_upper" CHECK ("promotion_offers"."code" = upper("promotion_offers"."code")),
	CONSTRAINT "promotion_offers_percent_fail" CHECK ("promotion_offers"."percent_fail" between 0 and 100),
	CONSTRAINT "promotion_offers_max_received" CHECK ("promotion_offers"."max_received" > 0)
);
--> statement-breakpoint
ALTER TABLE "promotion_grant_turnover" ADD CONSTRAINT "promotion_grant_turnover_grant_id_promotion_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."promotion_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_offer_id_promotion_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."promotion_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_grants_one_active" ON "promotion_grants" USING btree ("member_id") WHERE "promotion_grants"."state" = 'active';--> statement-breakpoint
CREATE INDEX "promotion_grants_member_offer" ON "promotion_grants" USING btree ("member_id","offer_id","claimed_at");--> statement-breakpoint
CREATE INDEX "promotion_grants_offer" ON "promotion_grants" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "promotion_grants_due" ON "promotion_grants" USING btree ("next_check_at") WHERE "promotion_grants"."state" = 'active';--> statement-breakpoint
CREATE INDEX "promotion_grants_uncredited" ON "promotion_grants" USING btree ("created_at") WHERE not "promotion_grants"."credited";--> statement-breakpoint
CREATE INDEX "promotion_grants_closing" ON "promotion_grants" USING btree ("closing_since") WHERE "promotion_grants"."state" = 'active' and "promotion_grants"."closing_state" is not null;