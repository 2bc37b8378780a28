CREATE TABLE "banks" (
	"code" text PRIMARY KEY NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"market" text NOT NULL,
	"english_name_only" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"bank_type" text NOT NULL,
	"mode" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"currency" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "deposit_bank_accounts_account_no_unique" UNIQUE("account_no")
);
--> statement-breakpoint
CREATE TABLE "deposit_wallet_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"wallet_account_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "deposit_wallet_accounts_wallet_account_name_unique" UNIQUE("wallet_account_name")
);
--> statement-breakpoint
CREATE TABLE "discovery_sources" (
	"code" text PRIMARY KEY NOT NULL,
	"descriptions" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_bank_accounts" ADD CONSTRAINT "deposit_bank_accounts_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;