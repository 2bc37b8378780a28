-- Images stored before now are the uploads' own bytes (chunks, metadata, a ZIP in a private PNG
-- chunk...): marked not re-encoded, so the first showing re-encodes their pixels and stores them
-- back; rows from now on hold re-encoded pixels only.
ALTER TABLE "slip_uploads" ADD COLUMN "image_reencoded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "slip_uploads" ALTER COLUMN "image_reencoded" SET DEFAULT true;--> statement-breakpoint
-- Migration 0014 made later case-twins of a credited reference REVIEW / SLIP_REFNO_DUPLICATED,
-- but their money was credited (under the ledger key of their own letter case): said so, for
-- staff to reverse (npm run ledger:check lists them). No other code writes REVIEW with that note.
UPDATE "slip_uploads" SET "note" = 'SLIP_CREDITED_TWICE'
WHERE "status" = 'REVIEW' AND "note" = 'SLIP_REFNO_DUPLICATED';
