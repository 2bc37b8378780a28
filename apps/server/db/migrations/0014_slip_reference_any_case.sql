DROP INDEX "slip_uploads_credited_once";--> statement-breakpoint
-- A transfer credited twice before this migration through its reference in another letter case:
-- the first credit stands, the later ones go to staff review (their money was credited under
-- another ledger key and wants a reversing transfer); then the index can hold in any case.
UPDATE "slip_uploads" AS "later" SET "status" = 'REVIEW', "note" = 'SLIP_REFNO_DUPLICATED'
WHERE "later"."status" = 'SUCCESS' AND EXISTS (
  SELECT 1 FROM "slip_uploads" AS "earlier"
  WHERE "earlier"."status" = 'SUCCESS'
    AND upper("earlier"."reference") = upper("later"."reference")
    AND "earlier"."id" < "later"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "slip_uploads_credited_once" ON "slip_uploads" USING btree (upper("reference")) WHERE "slip_uploads"."status" = 'SUCCESS';
