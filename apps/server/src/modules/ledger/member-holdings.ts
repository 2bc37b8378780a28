import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
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

/** A hold between a member's wallet and one of their games, not settled yet. */
export interface HeldGameTransfer {
  transferId: number;
  /** The hold's key: the reference the provider was given. */
  key: string;
  game: string;
  direction: 'in' | 'out';
  amount: bigint;
  createdAt: Date;
  /** How long it has been held, on the database's clock (the one its reference expires by). */
  ageMs: number;
}

/** How many held transfers a member's home lists at most (a silent provider holds one or two). */
const HELD_LISTED = 20;

/**
 * A member's transfers held between the wallet and a game, newest first, and all their money in
 * flight (the in-flight accounts' balances: these transfers and their withdrawals), read in one
 * statement, so the list and the total come from one snapshot.
 */
export async function heldGameTransfers(
  db: Pick<Database, 'execute'>,
  memberId: number,
): Promise<{ transfers: HeldGameTransfer[]; inFlight: bigint }> {
  const walletKey = wallet(memberId);
  const games = `${gamesOf(memberId)}%`;
  const rows = await rowsOf<BalancesRow & { held: HeldRow[] | null }>(
    db,
    sql`with balances as (${memberBalancesSql(memberId)}),
             held as (select t.id, t.idempotency_key as key, t.amount::text as amount,
                             t.created_at, t.metadata ->> 'game' as game,
                             (extract(epoch from now() - t.created_at) * 1000)::float8 as age_ms, p.source_key = ${walletKey} as into
                      from ledger_pending_holds p join ledger_transfers t on t.id = p.transfer_id
                      where (p.source_key = ${walletKey} and p.destination_key like ${games})
                         or (p.source_key like ${games} and p.destination_key = ${walletKey})
                      order by t.id desc limit ${HELD_LISTED})
        select balances.*, (select json_agg(held order by held.id desc) from held) as held from balances`,
  );
  const row = rows[0]!;
  return {
    inFlight: balancesOf(row).inFlight,
    transfers: (row.held ?? []).map((hold) => ({
      transferId: Number(hold.id),
      key: hold.key,
      game: hold.game ?? '',
      direction: hold.into ? 'in' : 'out',
      amount: BigInt(hold.amount),
      createdAt: new Date(hold.created_at),
      ageMs: Number(hold.age_ms),
    })),
  };
}

interface HeldRow {
  id: number | string;
  key: string;
  amount: string;
  created_at: string;
  game: string | null;
  age_ms: number;
  into: boolean;
}
