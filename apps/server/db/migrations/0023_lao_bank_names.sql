ALTER TABLE "banks" ADD COLUMN "name_lo" text;--> statement-breakpoint
ALTER TABLE "deposit_bank_accounts" ADD COLUMN "account_names" jsonb DEFAULT '{}'::jsonb NOT NULL;