-- One ledger movement in one statement (docs/decisions/012-ledger-move-in-one-statement.md).
-- Called only by modules/ledger/ledger.service.ts. The accounts are locked in id order, then the
-- idempotency key is looked up under the lock (a copy of this request that committed while we
-- waited is answered as a replay, not refused for want of money), then the transfer row, both
-- entries, the pending-hold list and both balances are written. The rows stay locked for this
-- one round trip instead of seven.
-- Outcomes: moved | replayed | reused (the key moved something else) | unknown_account |
-- currency_mismatch | insufficient. Nothing is written unless the outcome is moved.
CREATE FUNCTION ledger_move(
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
    INSERT INTO ledger_pending_holds (transfer_id, idempotency_key) VALUES (new_id, p_key);
  ELSIF p_settles_hold IS NOT NULL THEN
    DELETE FROM ledger_pending_holds h WHERE h.idempotency_key = p_settles_hold;
  END IF;
  UPDATE ledger_accounts SET balance = debit_balance - p_amount WHERE id = debit_id;
  UPDATE ledger_accounts SET balance = credit_balance + p_amount WHERE id = credit_id;
  RETURN QUERY SELECT 'moved'::text, new_id, new_at;
END
$$;
--> statement-breakpoint
-- Phase two of a hold in one statement: the hold is read (it names where its money goes) and
-- settled through ledger_move under the key `<hold>:settle`, so post and void are one round trip.
-- p_post true posts to the hold's destination; false voids back to where the money came from.
-- Extra outcomes: no_hold | not_a_hold (its credit side is not the source's in-flight account) |
-- no_destination.
CREATE FUNCTION ledger_settle(p_hold_key text, p_post boolean)
RETURNS TABLE (outcome text, transfer_id bigint, created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  hold record;
BEGIN
  SELECT t.amount, t.kind, d.key AS from_key, c.key AS in_flight_key, t.metadata ->> 'destination' AS destination
    INTO hold
    FROM ledger_transfers t
    JOIN ledger_accounts d ON d.id = t.debit_account_id
    JOIN ledger_accounts c ON c.id = t.credit_account_id
    WHERE t.idempotency_key = p_hold_key AND t.kind LIKE 'hold:%';
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_hold'::text, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  -- Only the hold helper writes hold: kinds, always into the source's in-flight account (holds
  -- made before there was one per account went to the operator's in_flight of the currency).
  IF hold.in_flight_key <> 'in_flight:' || hold.from_key AND hold.in_flight_key NOT LIKE 'operator:in\_flight:%' THEN
    RETURN QUERY SELECT 'not_a_hold'::text, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  IF p_post AND hold.destination IS NULL THEN
    RETURN QUERY SELECT 'no_destination'::text, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  RETURN QUERY SELECT * FROM ledger_move(
    p_hold_key || ':settle',
    hold.in_flight_key,
    CASE WHEN p_post THEN hold.destination ELSE hold.from_key END,
    hold.amount,
    CASE WHEN p_post THEN 'post:' ELSE 'void:' END || substr(hold.kind, length('hold:') + 1),
    '{}'::jsonb,
    false,
    p_hold_key
  );
END
$$;
