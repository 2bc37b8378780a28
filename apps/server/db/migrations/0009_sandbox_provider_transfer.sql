-- The sandbox game provider's transfer in one statement (decision 012): the player's row is
-- locked, the reference looked up under the lock (a copy that committed while we waited is
-- answered with its outcome), then the reference is recorded, applied or failed, and the balance
-- changed. Only modules/sandbox-provider calls it. p_forced_reason fails the transfer for that
-- reason (fault injection); p_now is the provider's clock.
-- earlier = true: the reference was decided before; the row then describes that stored transfer
-- (the caller checks it is the same move) and the player's current balance.
CREATE FUNCTION sandbox_provider_transfer(
  p_reference text,
  p_game_code text,
  p_username text,
  p_direction text,
  p_amount bigint,
  p_expires_at timestamptz,
  p_forced_reason text,
  p_now timestamptz
) RETURNS TABLE (
  earlier boolean,
  status text,
  reason text,
  balance bigint,
  game_code text,
  username text,
  direction text,
  amount bigint
)
LANGUAGE plpgsql AS $$
DECLARE
  player_balance bigint;
  player_found boolean;
  stored record;
  why text;
BEGIN
  SELECT p.balance INTO player_balance FROM sandbox_provider_players p
    WHERE p.game_code = p_game_code AND p.username = p_username FOR UPDATE;
  player_found := FOUND;

  SELECT t.game_code, t.username, t.direction, t.amount, t.status, t.reason INTO stored
    FROM sandbox_provider_transfers t WHERE t.reference = p_reference;
  IF FOUND THEN
    RETURN QUERY SELECT true, stored.status::text, stored.reason::text, player_balance,
      stored.game_code::text, stored.username::text, stored.direction::text, stored.amount::bigint;
    RETURN;
  END IF;

  why := COALESCE(p_forced_reason, CASE
    WHEN p_expires_at <= p_now THEN 'EXPIRED'
    WHEN NOT player_found THEN 'NO_PLAYER'
    WHEN p_direction = 'withdraw' AND player_balance < p_amount THEN 'INSUFFICIENT_BALANCE'
  END);
  -- A failed reference is recorded too: it stays failed, whatever copies come later.
  INSERT INTO sandbox_provider_transfers (reference, game_code, username, direction, amount, status, reason, created_at)
    VALUES (p_reference, p_game_code, p_username, p_direction, p_amount,
            CASE WHEN why IS NULL THEN 'applied' ELSE 'failed' END, why, p_now);
  IF why IS NULL THEN
    player_balance := player_balance + CASE WHEN p_direction = 'deposit' THEN p_amount ELSE -p_amount END;
    UPDATE sandbox_provider_players p SET balance = player_balance
      WHERE p.game_code = p_game_code AND p.username = p_username;
  END IF;
  RETURN QUERY SELECT false, CASE WHEN why IS NULL THEN 'applied' ELSE 'failed' END, why, player_balance,
    p_game_code, p_username, p_direction, p_amount;
END
$$;
