CREATE TABLE "ledger_pending_holds" (
	"transfer_id" bigint PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "ledger_pending_holds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "ledger_pending_holds" ADD CONSTRAINT "ledger_pending_holds_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Holds made before this list existed and not settled yet.
INSERT INTO "ledger_pending_holds" ("transfer_id", "idempotency_key")
SELECT h."id", h."idempotency_key" FROM "ledger_transfers" h
WHERE h."kind" LIKE 'hold:%'
  AND NOT EXISTS (SELECT 1 FROM "ledger_transfers" s WHERE s."idempotency_key" = h."idempotency_key" || ':settle');
