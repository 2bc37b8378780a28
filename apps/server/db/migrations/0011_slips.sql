CREATE TABLE "slip_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"amount" bigint,
	"sending_bank" text,
	"reference" text,
	"image" "bytea" NOT NULL,
	"image_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_transfers" (
	"trans_ref" text PRIMARY KEY NOT NULL,
	"sending_bank" text NOT NULL,
	"from_bank_code" text NOT NULL,
	"from_account_no" text NOT NULL,
	"to_bank_code" text NOT NULL,
	"to_account_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_transfers_positive" CHECK ("sandbox_bank_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "slip_uploads_member" ON "slip_uploads" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "slip_uploads_credited_once" ON "slip_uploads" USING btree ("reference") WHERE "slip_uploads"."status" = 'SUCCESS';