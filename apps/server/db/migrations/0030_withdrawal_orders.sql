CREATE TABLE "withdrawal_orders" (
	"hold_key" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_no" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text NOT NULL,
	"held_for" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"market_day" text NOT NULL,
	"needs_two" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" integer,
	"claimed_until" timestamp with time zone,
	"first_approved_by" integer,
	"first_approved_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"refusal" text,
	"note" text,
	CONSTRAINT "withdrawal_orders_decided" CHECK (("withdrawal_orders"."status" in ('approved', 'rejected')) = ("withdrawal_orders"."decided_at" is not null))
);
--> statement-breakpoint
CREATE INDEX "withdrawal_orders_status_idx" ON "withdrawal_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_orders_member_day_idx" ON "withdrawal_orders" USING btree ("member_id","market_day");