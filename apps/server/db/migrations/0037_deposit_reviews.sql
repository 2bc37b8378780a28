CREATE TABLE "deposit_review_decisions" (
	"item_id" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"status" text NOT NULL,
	"amount" bigint,
	"currency" text NOT NULL,
	"note" text NOT NULL,
	"decided_by" bigint NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slip_uploads" ADD COLUMN "sender" jsonb;--> statement-breakpoint
ALTER TABLE "slip_uploads" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slip_uploads" ADD COLUMN "unconfirmed" text;--> statement-breakpoint
CREATE INDEX "slip_uploads_review" ON "slip_uploads" USING btree ("id") WHERE "slip_uploads"."status" = 'REVIEW';