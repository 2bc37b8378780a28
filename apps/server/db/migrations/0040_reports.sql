CREATE TABLE "report_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rows" jsonb NOT NULL,
	"built_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_at" ON "ledger_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_deposits_wallet" ON "ledger_transfers" USING btree ("credit_account_id","created_at") WHERE ("ledger_transfers"."metadata" -> 'statement' ->> 'type') = 'deposit';--> statement-breakpoint
CREATE INDEX "play_tally_hour" ON "play_tally" USING btree ("hour");