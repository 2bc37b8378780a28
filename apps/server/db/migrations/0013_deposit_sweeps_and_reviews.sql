CREATE TABLE "payment_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"qr_payment_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"currency" text NOT NULL,
	"expected_amount" bigint NOT NULL,
	"paid_amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_links" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_links" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reviews_event" ON "payment_reviews" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_reviews_open" ON "payment_reviews" USING btree ("id") WHERE "payment_reviews"."status" = 'open';--> statement-breakpoint
CREATE INDEX "gift_links_redeeming" ON "gift_links" USING btree ("next_attempt_at") WHERE "gift_links"."status" = 'redeeming';