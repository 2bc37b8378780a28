import { AppError } from '../../../platform/errors';
import { accountKey } from '../../ledger/ledger.service';
import type { GrantContext } from './grant-engine';
import { grantKeys, statementOf, takeBackAccountOf } from './grant-movements';
import { closingTermsOf, takeBack } from './grant-rules';
import type { GrantTurnover } from './grant-turnover';
import type { ClosingState, GrantRow } from './grants.repository';

const min = (a: bigint, b: bigint) => (a < b ? a : b);
/** Sweeps of the games into the wallet one closing tries before it waits for a later look. */
const TAKE_BACK_ATTEMPTS = 4;

/** A grant's closing: its one take-back, sized on everything held and made once (decisions 019, 034). */
export function createGrantClosing(context: GrantContext, turnover: Pick<GrantTurnover, 'turnoverDone'>) {
  const { ledger, games, repository, now, log, holdings, closingLeaseMs } = context;
  const { turnoverDone } = turnover;
  const options = { closingLeaseMs };

  /**
   * Closes a running grant as `state` (or as the state an earlier, cut-off closer chose), making
   * its one take-back movement into the operator's bonus account: never more than the member holds,
   * after the games' balances came back to the wallet through the normal two-phase transfer when
   * the wallet alone does not hold it. Answers false when another closer holds the grant now, or
   * when the take-back could not be made yet (the grant stays closing; the schedule tries again).
   */
  async function close(grant: GrantRow, state: ClosingState): Promise<boolean> {
    const claimed = await repository.claimClosing(grant.id, state, options.closingLeaseMs);
    if (!claimed) return false;
    try {
      const taken = await takeBackFor(grant, claimed.closingState, claimed.lease);
      if (taken === null) {
        await repository.releaseClosing(grant.id, claimed.lease);
        return false;
      }
      return await repository.finishClosing(grant.id, claimed.lease, taken, now());
    } catch (error) {
      await repository.releaseClosing(grant.id, claimed.lease);
      throw error;
    }
  }

  /**
   * The closing movement, made once: what it took (0: nothing to take), or null to try later.
   * The amount is fixed by the first closer that works it out, from everything the member held
   * then, money in flight included (decision 034), and a retry never takes more, whatever the
   * member deposits meanwhile. It is at most what the member holds when taken. When the wallet is
   * short, the games are swept into it, under keys of this closer and attempt, so money the member
   * moves back into a game meanwhile is swept again; what is short in flight is waited for: the
   * grant stays closing until its holds are answered, and the schedule takes it then.
   */
  async function takeBackFor(grant: GrantRow, state: ClosingState, lease: string): Promise<bigint | null> {
    const key = grantKeys.close(grant.id);
    const earlier = await ledger.findTransfer(key);
    if (earlier) return earlier.amount;
    const fixed = grant.closingAmount ?? (await fixTakeBack(grant, state, lease));
    if (fixed === null) return null;
    const walletKey = accountKey.wallet(grant.memberId);
    for (let attempt = 0; attempt < TAKE_BACK_ATTEMPTS; attempt += 1) {
      if (!(await repository.renewClosing(grant.id, lease, options.closingLeaseMs))) return null;
      const held = await holdings(grant.memberId);
      // Never more than the member holds now (money lost in a game meanwhile is not there to take);
      // money in flight is held, so the take waits for it rather than taking less.
      const wanted = min(fixed, held.total);
      if (wanted <= 0n) return 0n;
      if (wanted > held.wallet) {
        if (held.games === 0n) break;
        await games.transfers.sweepToWallet(grant.memberId, `${key}:${lease}:${attempt}`);
        continue;
      }
      try {
        await ledger.transfer({
          idempotencyKey: key,
          debit: walletKey,
          credit: takeBackAccountOf(grant),
          amount: wanted,
          kind: 'bonus_close',
          metadata: {
            memberId: grant.memberId,
            grantId: grant.id,
            state,
            statement: statementOf('finish_bonus', grant),
          },
        });
        return wanted;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The member's money moved between the look and the take (a transfer, a game): look again.
        if (error.code === 'MONEY_NOT_ENOUGH') continue;
        if (error.code === 'IDEMPOTENCY_KEY_REUSED') return (await ledger.findTransfer(key))!.amount;
        throw error;
      }
    }
    // Still short: money in flight, on its way back from a game, or moved away again. Later, not less.
    log.info({ grantId: grant.id, state }, 'take-back waits for money in flight or in the games');
    return null;
  }

  /** Works out what a closing takes back and fixes it with its basis; null when the lease was lost. */
  async function fixTakeBack(grant: GrantRow, state: ClosingState, lease: string): Promise<bigint | null> {
    const players = await games.accounts.accountsOf(grant.memberId);
    // Judged on current balances: what was played is booked first.
    await Promise.all(players.map((player) => games.plays.bookPlaysQuietly(grant.memberId, player)));
    // Deposits after the promotion's own are the member's: they add to what the cap lets keep.
    const since =
      grant.depositTransferId ?? (await ledger.findTransfer(grantKeys.credit(grant.id)))?.id ?? null;
    const [held, later, done] = await Promise.all([
      holdings(grant.memberId),
      since === null ? 0n : ledger.depositsAfter(accountKey.wallet(grant.memberId), since),
      turnoverDone(grant.id),
    ]);
    return repository.fixClosingAmount(
      grant.id,
      lease,
      takeBack(state, closingTermsOf(grant), held.total, later, done),
      {
        wallet: held.wallet.toString(),
        games: held.games.toString(),
        inFlight: held.inFlight.toString(),
        holds: held.holds,
        later: later.toString(),
        done: done.toString(),
      },
    );
  }

  return { close };
}
