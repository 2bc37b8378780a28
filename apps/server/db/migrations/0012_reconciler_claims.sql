CREATE TABLE "game_to_game_transfers" (
	"key" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"to_game" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() + interval '30 seconds' NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_pending_holds" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "ledger_pending_holds" ADD COLUMN "destination_key" text;--> statement-breakpoint
ALTER TABLE "ledger_pending_holds" ADD COLUMN "next_check_at" timestamp with time zone DEFAULT now() + interval '10 seconds' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_pending_holds" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_pending_holds" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "game_to_game_transfers_due" ON "game_to_game_transfers" USING btree ("next_check_at") WHERE "game_to_game_transfers"."done_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_accounts_key_prefix" ON "ledger_accounts" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ledger_pending_holds_source" ON "ledger_pending_holds" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "ledger_pending_holds_destination" ON "ledger_pending_holds" USING btree ("destination_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_play_rounds" ON "ledger_transfers" USING btree (("metadata" ->> 'memberId'),("metadata" ->> 'game'),(("metadata" ->> 'toRound')::bigint)) WHERE "ledger_transfers"."kind" = 'play';
--> statement-breakpoint
-- The holds pending before this migration name their source and destination too.
UPDATE ledger_pending_holds p SET source_key = a.key, destination_key = t.metadata ->> 'destination'
  FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
  WHERE t.id = p.transfer_id;
--> statement-breakpoint
-- ledger_move of 0008, now writing where a pending hold's money comes from and goes to, so "is money
-- of this account in flight?" is an indexed look-up (docs/decisions/010).
CREATE OR REPLACE FUNCTION ledger_move(
  p_key text,
  p_debit text,
  p_credit text,
  p_amount bigint,
  p_kind text,
  p_metadata jsonb,
  p_opens_hold boolean,
  p_settles_hold text
) RETURNS TABLE (outcome text, transfer_id bigint, created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  account record;
  debit_id bigint;
  debit_currency text;
  debit_balance bigint;
  debit_negative boolean;
  credit_id bigint;
  credit_currency text;
  credit_balance bigint;
  stored record;
  new_id bigint;
  new_at timestamptz;
BEGIN
  FOR account IN
    SELECT a.id, a.key, a.currency, a.balance, a.allow_negative FROM ledger_accounts a
    WHERE a.key IN (p_debit, p_credit) ORDER BY a.id FOR UPDATE
  LOOP
    IF account.key = p_debit THEN
      debit_id := account.id; debit_currency := account.currency;
      debit_balance := account.balance; debit_negative := account.allow_negative;
    ELSE
      credit_id := account.id; credit_currency := account.currency; credit_balance := account.balance;
    END IF;
  END LOOP;

  SELECT t.id, t.debit_account_id, t.credit_account_id, t.amount, t.kind, t.metadata, t.created_at
    INTO stored FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  IF FOUND THEN
    -- jsonb equality ignores key order, as the service's canonical comparison did.
    IF stored.debit_account_id IS NOT DISTINCT FROM debit_id
       AND stored.credit_account_id IS NOT DISTINCT FROM credit_id
       AND stored.amount = p_amount AND stored.kind = p_kind AND stored.metadata = p_metadata THEN
      RETURN QUERY SELECT 'replayed'::text, stored.id::bigint, stored.created_at::timestamptz;
    ELSE
      RETURN QUERY SELECT 'reused'::text, stored.id::bigint, stored.created_at::timestamptz;
    END IF;
    RETURN;
  END IF;

  IF debit_id IS NULL OR credit_id IS NULL THEN
    RETURN QUERY SELECT 'unknown_account'::text, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  IF debit_currency <> credit_currency THEN
    RETURN QUERY SELECT 'currency_mismatch'::text, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  IF debit_balance - p_amount < 0 AND NOT debit_negative THEN
    RETURN QUERY SELECT 'insufficient'::text, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;

  INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, metadata)
    VALUES (p_key, debit_id, credit_id, p_amount, p_kind, p_metadata)
    RETURNING id, ledger_transfers.created_at INTO new_id, new_at;
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after)
    VALUES (new_id, debit_id, -p_amount, debit_balance, debit_balance - p_amount),
           (new_id, credit_id, p_amount, credit_balance, credit_balance + p_amount);
  IF p_opens_hold THEN
    INSERT INTO ledger_pending_holds (transfer_id, idempotency_key, source_key, destination_key)
      VALUES (new_id, p_key, p_debit, p_metadata ->> 'destination');
  ELSIF p_settles_hold IS NOT NULL THEN
    DELETE FROM ledger_pending_holds h WHERE h.idempotency_key = p_settles_hold;
  END IF;
  UPDATE ledger_accounts SET balance = debit_balance - p_amount WHERE id = debit_id;
  UPDATE ledger_accounts SET balance = credit_balance + p_amount WHERE id = credit_id;
  RETURN QUERY SELECT 'moved'::text, new_id, new_at;
END
$$;
--> statement-breakpoint
-- Game-to-game transfers left between their legs by the code before this migration (their first
-- leg names the next game as metadata.thenTo): planned now, due at once, so the sweep finishes them.
INSERT INTO game_to_game_transfers (key, member_id, to_game, amount, next_check_at)
  SELECT left(h.idempotency_key, length(h.idempotency_key) - length(':out')),
         (h.metadata ->> 'memberId')::bigint, h.metadata ->> 'thenTo', h.amount, now()
  FROM ledger_transfers h
  WHERE h.kind = 'hold:game_withdraw' AND h.metadata ? 'thenTo' AND h.idempotency_key LIKE '%:out'
    AND NOT EXISTS (SELECT 1 FROM ledger_transfers s
                    WHERE s.idempotency_key = left(h.idempotency_key, length(h.idempotency_key) - length(':out')) || ':in')
    AND NOT EXISTS (SELECT 1 FROM ledger_transfers v
                    WHERE v.idempotency_key = h.idempotency_key || ':settle' AND v.kind LIKE 'void:%')
ON CONFLICT (key) DO NOTHING;
