import { sql, type SQL } from 'drizzle-orm';
import { accountKey } from './ledger.types';

/**
 * What a member holds, by where it is: the wallet, the games, and the money on its way between
 * them or to a payout. Money in flight is still the member's (decision 034): the grant engine's
 * claims, floors and take-backs read the total of all three.
 */

const wallet = accountKey.wallet;
const gamesOf = (memberId: number) => accountKey.game(memberId, '');
const inFlightOf = accountKey.inFlight;

/** A member's money by where it is (minor units). */
export interface MemberBalances {
  wallet: bigint;
  /** The sum of the member's game accounts. */
  games: bigint;
  /** Held from the wallet or a game, waiting for an outside answer: still the member's. */
  inFlight: bigint;
}

/** What a member holds, everything counted: the measure of every rule on holdings. */
export interface MemberHoldings extends MemberBalances {
  /** wallet + games + inFlight. */
  total: bigint;
  /** Keys of the member's holds still waiting for an outside answer. */
  holds: string[];
  /** Money of the member waits for an outside answer: balances may still change by its outcome. */
  moving: boolean;
}

export interface BalancesRow {
  wallet: string;
  games: string;
  in_flight: string;
}

/**
 * A member's wallet, games and in-flight accounts summed by kind. In-flight accounts are one per
 * source account (`in_flight:wallet:<id>`, `in_flight:game:<id>:<code>`), so the member's are found
 * by their name as their games are.
 */
export function memberBalancesSql(memberId: number): SQL {
  const walletKey = wallet(memberId);
  const games = `${gamesOf(memberId)}%`;
  const walletInFlight = inFlightOf(walletKey);
  const gamesInFlight = `${inFlightOf(gamesOf(memberId))}%`;
  return sql`select coalesce(sum(balance) filter (where key = ${walletKey}), 0)::text as wallet,
                    coalesce(sum(balance) filter (where key like ${games}), 0)::text as games,
                    coalesce(sum(balance) filter (where key = ${walletInFlight} or key like ${gamesInFlight}), 0)::text
                      as in_flight
             from ledger_accounts
             where key = ${walletKey} or key like ${games} or key = ${walletInFlight} or key like ${gamesInFlight}`;
}

export const balancesOf = (row: BalancesRow): MemberBalances => ({
  wallet: BigInt(row.wallet),
  games: BigInt(row.games),
  inFlight: BigInt(row.in_flight),
});
