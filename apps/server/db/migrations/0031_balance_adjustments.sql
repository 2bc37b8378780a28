CREATE TABLE "balance_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"member_reason" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"maker_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"checker_id" integer,
	"reject_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_adjustments_amount" CHECK ("balance_adjustments"."amount" <> 0),
	CONSTRAINT "balance_adjustments_status" CHECK ("balance_adjustments"."status" in ('awaiting_approval', 'applied', 'rejected')),
	CONSTRAINT "balance_adjustments_checker" CHECK ("balance_adjustments"."status" <> 'applied' or "balance_adjustments"."checker_id" is null or "balance_adjustments"."checker_id" <> "balance_adjustments"."maker_id"),
	CONSTRAINT "balance_adjustments_decided" CHECK (("balance_adjustments"."status" = 'awaiting_approval') = ("balance_adjustments"."decided_at" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "balance_adjustments_request" ON "balance_adjustments" USING btree ("maker_id","request_key");--> statement-breakpoint
CREATE INDEX "balance_adjustments_awaiting" ON "balance_adjustments" USING btree ("id") WHERE "balance_adjustments"."status" = 'awaiting_approval';--> statement-breakpoint
CREATE INDEX "balance_adjustments_status" ON "balance_adjustments" USING btree ("status","id");