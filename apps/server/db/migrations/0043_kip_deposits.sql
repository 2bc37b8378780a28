-- The currency of a member's registered bank account (decision 069): a Thai bank's accounts are in
-- baht; a Lao bank holds kip and baht accounts, and a member registered before this was asked
-- deposited and withdrew in the wallet's currency through it, so that is the one recorded.
ALTER TABLE "member_bank_accounts" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "member_bank_accounts" AS account
SET "currency" = CASE WHEN bank."market" = 'LA' THEN member."currency" ELSE 'BAHT' END
FROM "members" AS member, "banks" AS bank
WHERE member."id" = account."member_id" AND bank."code" = account."bank_code";--> statement-breakpoint
UPDATE "member_bank_accounts" SET "currency" = 'BAHT' WHERE "currency" IS NULL;--> statement-breakpoint
ALTER TABLE "member_bank_accounts" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
-- A slip whose money went to the operator's account of another currency than the member's keeps
-- that account's currency, for staff (issue 32 section 2).
ALTER TABLE "slip_uploads" ADD COLUMN "currency" text;
