-- The sandbox bank tells the currency of each transfer it made, as services that know it do, so
-- the slip check can refuse money of another currency than the wallet's (issue 32).
ALTER TABLE "sandbox_bank_transfers" ADD COLUMN "currency" text;