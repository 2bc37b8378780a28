CREATE TABLE "deposit_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_notices_positive" CHECK ("deposit_notices"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_links" (
	"voucher_code" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"request_key" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "qr_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payload" text,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "qr_payments_positive" CHECK ("qr_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_orders" (
	"reference" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"payload" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_orders_id_unique" UNIQUE("id"),
	CONSTRAINT "sandbox_payment_orders_positive" CHECK ("sandbox_payment_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"redeemed_reference" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_vouchers_positive" CHECK ("sandbox_vouchers"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "qr_payments_one_open" ON "qr_payments" USING btree ("member_id","provider") WHERE "qr_payments"."status" = 'open';--> statement-breakpoint
CREATE INDEX "qr_payments_member" ON "qr_payments" USING btree ("member_id","created_at");