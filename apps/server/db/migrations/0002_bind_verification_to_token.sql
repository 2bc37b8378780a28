DELETE FROM "phone_verifications";--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD COLUMN "token_hash" text NOT NULL;