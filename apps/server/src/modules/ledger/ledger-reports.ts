import { sql } from 'drizzle-orm';
import type { PerCurrency } from '@wallet/contract/money';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/**
 * The ledger's reads for the staff's notices (decision 050): large deposits after a cursor, a
 * day's money totals, and where a new scan starts. Part of the ledger service, as its queries are.
 */
export function createLedgerReports(db: Database) {
  return {
    /**
     * Deposits credited to members' wallets after transfer `afterId` of at least `minAmount` of
     * their currency, oldest first, and the last transfer id looked at (the staff notices' scan of
     * large deposits).
     */
    async largeDepositsAfter(
      afterId: number,
      minAmount: PerCurrency<bigint>,
      limit: number,
      /** Only transfers written at least this long ago: any of them that will commit has. */
      settledMs = 0,
    ): Promise<{
      lastId: number;
      deposits: { transferId: number; memberId: number; amount: bigint; currency: string }[];
    }> {
      const [last] = await rowsOf<{ id: string | null }>(
        db,
        sql`select max(id)::text as id from (select id from ledger_transfers where id > ${afterId}
            and created_at < now() - ${settledMs} * interval '1 millisecond'
          order by id limit ${limit}) ids`,
      );
      const lastId = last?.id === null || last?.id === undefined ? afterId : Number(last.id);
      const rows = await rowsOf<{ id: string; amount: string; key: string; currency: string }>(
        db,
        sql`select t.id::text, t.amount::text, a.key, a.currency
          from ledger_transfers t
          join ledger_entries e on e.transfer_id = t.id and e.amount > 0
          join ledger_accounts a on a.id = e.account_id and a.key like 'wallet:%'
          where t.id > ${afterId} and t.id <= ${lastId}
            and t.amount >= case a.currency when 'LAK' then ${minAmount.LAK.toString()}::bigint
              else ${minAmount.BAHT.toString()}::bigint end
            and t.metadata -> 'statement' ->> 'type' = 'deposit'
          order by t.id`,
      );
      return {
        lastId,
        deposits: rows.map((row) => ({
          transferId: Number(row.id),
          memberId: Number(row.key.slice('wallet:'.length)),
          amount: BigInt(row.amount),
          currency: row.currency,
        })),
      };
    },

    /**
     * What members deposited and were paid out between two instants, by currency: deposits credited
     * to wallets, and withdrawals posted to the operator's cash-out (the staff's daily totals).
     */
    async moneyTotals(
      from: Date,
      to: Date,
    ): Promise<
      {
        currency: string;
        deposits: bigint;
        depositCount: number;
        withdrawals: bigint;
        withdrawalCount: number;
      }[]
    > {
      const rows = await rowsOf<{
        currency: string;
        deposits: string;
        deposit_count: number;
        withdrawals: string;
        withdrawal_count: number;
      }>(
        db,
        sql`select a.currency,
                 coalesce(sum(t.amount) filter (where t.metadata -> 'statement' ->> 'type' = 'deposit'
                                                and a.key like 'wallet:%'), 0)::text as deposits,
                 (count(*) filter (where t.metadata -> 'statement' ->> 'type' = 'deposit'
                                   and a.key like 'wallet:%'))::int as deposit_count,
                 coalesce(sum(t.amount) filter (where t.kind = 'post:withdrawal'), 0)::text as withdrawals,
                 (count(*) filter (where t.kind = 'post:withdrawal'))::int as withdrawal_count
          from ledger_transfers t
          join ledger_entries e on e.transfer_id = t.id and e.amount > 0
          join ledger_accounts a on a.id = e.account_id
          where t.created_at >= ${from.toISOString()} and t.created_at < ${to.toISOString()}
            and (t.metadata -> 'statement' ->> 'type' = 'deposit' or t.kind = 'post:withdrawal')
          group by a.currency`,
      );
      return rows.map((row) => ({
        currency: row.currency,
        deposits: BigInt(row.deposits),
        depositCount: Number(row.deposit_count),
        withdrawals: BigInt(row.withdrawals),
        withdrawalCount: Number(row.withdrawal_count),
      }));
    },

    /** The newest transfer's id (0 for an empty ledger): where a new scan of the ledger starts. */
    async lastTransferId(): Promise<number> {
      const [row] = await rowsOf<{ id: string | null }>(
        db,
        sql`select max(id)::text as id from ledger_transfers`,
      );
      return Number(row?.id ?? 0);
    },
  };
}
