import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Locale } from '@wallet/contract/constants';
import type { PerCurrency } from '@wallet/contract/money';
import type {
  OutgoingNotice,
  StaffNoticeKind,
  StaffNotifier,
} from '../../adapters/staff-notifier/staff-notifier';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import type { LedgerService } from '../ledger/ledger.service';
import { marketDay } from '../promotions/rewards/rewards.service';
import { noticeAmount, noticeText } from './notice-texts';
import { staffNotices } from './notices.tables';

export interface NoticesOptions {
  db: Database;
  ledger: Pick<LedgerService, 'largeDepositsAfter' | 'moneyTotals' | 'lastTransferId'>;
  notifier: StaffNotifier;
  /** The staff chat's language (the market's). */
  locale: Locale;
  /** Deposits of at least this many minor units are told of. */
  largeDeposit: PerCurrency<bigint>;
  /** How long one try may hold a notice before another process may try it (a crash mid-send). */
  leaseMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Tries a notice waits after its `attempts`-th failure: 10 s, 20 s, 40 s … at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));

const DAY_MS = 86_400_000;
/** Deposits are told of once written this long ago: every transfer that will commit has by then. */
export const DEPOSIT_SETTLED_MS = 120_000;
/** Both markets' days run on UTC+7 (Bangkok, Vientiane). */
const MARKET_OFFSET_MS = 7 * 3_600_000;

interface DueRow {
  id: string;
  kind: StaffNoticeKind;
  text: string;
  data: Record<string, unknown>;
  created_at: Date | string;
  attempts: number;
}

/**
 * Notices to the staff group chat (issue 27, section 7): written to an outbox by what they tell
 * of, sent by the notices schedule with retries. Every process runs the schedule: a try claims its
 * rows (FOR UPDATE SKIP LOCKED, a lease on next_attempt_at), the scan of large deposits moves one
 * cursor under its row lock, and a day's totals are one row per day (its dedupe key).
 */
export function createNoticesService(options: NoticesOptions) {
  const { db, log } = options;
  const text = (kind: StaffNoticeKind, values: Record<string, string | number>) =>
    noticeText(kind, options.locale, values);

  async function enqueue(
    kind: StaffNoticeKind,
    dedupeKey: string,
    values: Record<string, string | number>,
    data: Record<string, unknown>,
  ) {
    await db
      .insert(staffNotices)
      .values({ kind, dedupeKey, text: text(kind, values), data })
      .onConflictDoNothing({ target: staffNotices.dedupeKey });
  }

  /**
   * Large deposits credited since the last scan: one notice each. No transaction: the notices are
   * keyed by their transfer, so two processes scanning the same stretch write each once, and the
   * cursor moves only from where this scan read it (the embedded database has one connection, so
   * nothing here may wait on another statement of its own).
   */
  async function scanDeposits(): Promise<number> {
    // A new site (or one from before the notices) starts from now: history is not news.
    const start = await options.ledger.lastTransferId();
    await db.execute(
      sql`insert into staff_notice_cursors (name, last_id) values ('deposits', ${start}) on conflict do nothing`,
    );
    const [cursor] = await rowsOf<{ last_id: string }>(
      db,
      sql`select last_id::text from staff_notice_cursors where name = 'deposits'`,
    );
    const from = Number(cursor!.last_id);
    // NOTE: only transfers written a while ago: an id is given when a transfer is written, not
    // when it commits, so a newer id may be visible before an older one commits.
    const { lastId, deposits } = await options.ledger.largeDepositsAfter(
      from,
      options.largeDeposit,
      1000,
      DEPOSIT_SETTLED_MS,
    );
    for (const deposit of deposits) {
      await db
        .insert(staffNotices)
        .values({
          kind: 'large_deposit',
          dedupeKey: `large_deposit:${deposit.transferId}`,
          text: text('large_deposit', {
            amount: noticeAmount(deposit.amount, deposit.currency),
            member: deposit.memberId,
          }),
          data: {
            transferId: deposit.transferId,
            memberId: deposit.memberId,
            amount: Number(deposit.amount),
            currency: deposit.currency,
          },
        })
        .onConflictDoNothing({ target: staffNotices.dedupeKey });
    }
    await db.execute(
      sql`update staff_notice_cursors set last_id = ${lastId} where name = 'deposits' and last_id = ${from}`,
    );
    return deposits.length;
  }

  /** Yesterday's totals (the market day that ended), once. */
  async function dailyTotals(): Promise<void> {
    const day = marketDay(new Date(options.now().getTime() - DAY_MS));
    const from = new Date(Date.parse(`${day}T00:00:00Z`) - MARKET_OFFSET_MS);
    const totals = await options.ledger.moneyTotals(from, new Date(from.getTime() + DAY_MS));
    const sum = (pick: (row: (typeof totals)[number]) => bigint | number, currency: string) =>
      totals.filter((row) => row.currency === currency).reduce((all, row) => all + BigInt(pick(row)), 0n);
    const currency = totals[0]?.currency ?? (options.locale === 'lo' ? 'LAK' : 'BAHT');
    await enqueue(
      'daily_totals',
      `daily_totals:${day}`,
      {
        day,
        deposits: noticeAmount(
          sum((row) => row.deposits, currency),
          currency,
        ),
        depositCount: Number(sum((row) => row.depositCount, currency)),
        withdrawals: noticeAmount(
          sum((row) => row.withdrawals, currency),
          currency,
        ),
        withdrawalCount: Number(sum((row) => row.withdrawalCount, currency)),
      },
      {
        day,
        totals: totals.map((row) => ({
          ...row,
          deposits: Number(row.deposits),
          withdrawals: Number(row.withdrawals),
        })),
      },
    );
  }

  /** Sends the notices due, each claimed first; answers how many were taken. */
  async function sendDue(): Promise<number> {
    const due = await rowsOf<DueRow>(
      db,
      sql`update staff_notices set next_attempt_at = now() + ${options.leaseMs} * interval '1 millisecond',
                                   attempts = attempts + 1
          where id in (select id from staff_notices where sent_at is null and next_attempt_at <= now()
                       order by id limit 20 for update skip locked)
          returning id::text, kind, text, data, created_at, attempts`,
    );
    let sent = 0;
    for (const row of due) {
      const notice: OutgoingNotice = {
        id: Number(row.id),
        kind: row.kind,
        text: row.text,
        data: row.data,
        createdAt: new Date(row.created_at),
      };
      try {
        await options.notifier.send(notice);
        await db.execute(
          sql`update staff_notices set sent_at = now(), last_error = null where id = ${notice.id}`,
        );
        sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn(
          { notice: notice.id, attempts: row.attempts, reason },
          'a staff notice was not delivered; tried again later',
        );
        await db.execute(
          sql`update staff_notices set last_error = ${reason.slice(0, 500)},
                next_attempt_at = now() + ${retryDelayMs(row.attempts)} * interval '1 millisecond'
              where id = ${notice.id}`,
        );
      }
    }
    return sent;
  }

  return {
    /** A withdrawal held for staff (decision 045). */
    withdrawalWaiting: (order: {
      holdKey: string;
      memberId: number;
      amount: bigint;
      currency: string;
      heldFor: string[];
    }) =>
      enqueue(
        'withdrawal_waiting',
        `withdrawal_waiting:${order.holdKey}`,
        {
          amount: noticeAmount(order.amount, order.currency),
          member: order.memberId,
          reasons: order.heldFor.join(', '),
        },
        {
          withdrawal: order.holdKey,
          memberId: order.memberId,
          amount: Number(order.amount),
          heldFor: order.heldFor,
        },
      ),

    /** A balance adjustment made or decided (decision 046). */
    adjustmentMade: (adjustment: {
      id: number;
      memberId: number;
      amount: number;
      currency: string;
      status: string;
      staff: string;
    }) =>
      enqueue(
        'adjustment_made',
        `adjustment_made:${adjustment.id}:${adjustment.status}`,
        {
          amount: `${adjustment.amount < 0 ? '−' : '+'}${noticeAmount(Math.abs(adjustment.amount), adjustment.currency)}`,
          member: adjustment.memberId,
          staff: adjustment.staff,
          status: adjustment.status,
        },
        adjustment,
      ),

    /** One pass of the schedule: the scans, then the sending. */
    async runOnce(): Promise<number> {
      await scanDeposits();
      await dailyTotals();
      return sendDue();
    },

    scanDeposits,
    dailyTotals,
    sendDue,
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
