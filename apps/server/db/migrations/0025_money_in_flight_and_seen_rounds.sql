ALTER TABLE "game_accounts" ADD COLUMN "seen_round" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD COLUMN "closing_basis" jsonb;