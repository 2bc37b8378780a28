import type { ErrorCode } from '@wallet/contract/errors';
import type { Currency } from '@wallet/contract/money';
import type { RefundCheckResponse, RefundInfo, RefundListResponse } from '@wallet/contract/http/rewards';
import { AppError } from '../../../platform/errors';
import { accountKey } from '../../ledger/ledger.service';
import { programTerms } from '../engine/grants.service';
import { percentOf } from './invite-accrual';
import type { PeriodClosing } from './period-closing';
import type { Period } from './reward-periods';
import { DEFAULT_PROGRAMS, type RefundSettings } from './rewards-settings';
import { amount, WORK_LEASE_MS, type RewardsContext } from './rewards-context';

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The loss refund's share of closing a period: the member's loss in it turned into a refund offer,
 * once (decision 020).
 */
export async function closeRefundPeriod(
  context: RewardsContext,
  item: { period: Period; memberId: number; currency: Currency },
): Promise<void> {
  const { repository } = context;
  const { period, memberId, currency } = item;
  const program = 'refund';
  const { settings } = await context.programOf('refund');
  const games = settings ? await context.gamesIn(settings.categories) : [];
  await repository.transaction(async (tx) => {
    // NOTE: the member's periods of this program are worked one at a time, and an hour a
    // period of other hours already counted for the member is left out (the operator may move
    // the closing hour, or turn days into weeks): each hour's loss is refunded once.
    if (!(await repository.lockWork(tx, program, period.start, memberId))) return;
    const loss = settings ? await repository.lossOf(tx, program, memberId, games, period) : 0n;
    if (settings && loss > 0n) {
      const raw = percentOf(loss, settings.percent);
      // The member's currency's cap and minimum (decision 067).
      const [cap, minimum] = [settings.cap[currency], settings.minimum[currency]];
      const refund = cap > 0 ? min(raw, BigInt(cap)) : raw;
      await repository.insertRefund(tx, {
        memberId,
        periodStart: period.start,
        periodEnd: period.end,
        currency,
        loss,
        amount: refund,
        terms: {
          percent: settings.percent,
          cap: String(cap),
          minimum: String(minimum),
        },
        state: refund > BigInt(minimum) ? 'offered' : 'below_minimum',
      });
    }
    await repository.finishWork(tx, program, period.start, memberId);
  });
}

/** Why the last period's refund cannot be received now, or null when it can. */
function refusalOf(state: {
  running: boolean;
  refund: { state: string } | null;
  counting: boolean;
  /** Some refund (of this period or an earlier one) waits to be received. */
  offered: boolean;
}): ErrorCode | null {
  if (state.running) return 'BONUS_REMAINING';
  if (state.offered) return null;
  if (state.counting) return 'REFUND_CONDITION';
  if (state.refund?.state === 'below_minimum') return 'REFUND_MINIMUM';
  // NOTE: nothing offered is nothing to receive, though the period's refund was read as offered
  // a moment before: another receive of the member's took it in between (issue 25).
  return 'NO_REFUND';
}

/**
 * The loss refund (spec sections 1-4, 7, 8; decision 020): refunds worked out per closed period,
 * received, then claimed as a grant of the engine. Money moves only through the ledger: operator
 * refund account -> the member's `refund:` account -> wallet.
 */
export function createLossRefund(context: RewardsContext, closing: PeriodClosing) {
  const { repository, ledger, grants, now } = context;

  /** The member's refund of the last closed period, worked out now if the schedule has not yet. */
  async function refundOfClosedPeriod(memberId: number, settings: RefundSettings) {
    const period = context.closedPeriodOf('refund', settings);
    let refund = await repository.refundOf(memberId, period.start);
    let counting = false;
    if (!refund) {
      await repository.openMemberWork('refund', period, memberId);
      const [work] = await repository.claimWork(1, WORK_LEASE_MS, {
        program: 'refund',
        start: period.start,
        memberId,
      });
      if (work) await closing.runWork(work);
      refund = await repository.refundOf(memberId, period.start);
      counting = !refund && (await repository.workOf('refund', period.start, memberId))?.done === false;
    }
    return { period, refund, counting };
  }

  return {
    /** GET /api/refund/check. */
    check: async (memberId: number): Promise<RefundCheckResponse> => {
      const program = await context.programOf('refund');
      const settings = program.settings ?? DEFAULT_PROGRAMS.refund.settings;
      const active = program.active && program.settings !== null;
      const [running, balance, currency] = await Promise.all([
        context.runningGrant(memberId),
        context.balanceOf(accountKey.refund(memberId)),
        context.currencyOf(memberId),
      ]);
      const base = {
        bonus: running !== null,
        refundAmount: amount(balance),
        refundSuccess: settings.success,
        refundFail: settings.fail,
        active,
        currency,
        turnoverMultiple: settings.turnoverMultiple,
      };
      if (!active) return { ...base, result: false, info: null, reason: 'REFUND_INACTIVE' };
      const { period, refund, counting } = await refundOfClosedPeriod(memberId, program.settings!);
      const offered = (await repository.offeredRefunds(memberId)).length > 0;
      const reason = refusalOf({ running: running !== null, refund, counting, offered });
      const info: RefundInfo = {
        period: settings.period,
        periodStart: period.start.toISOString(),
        periodEnd: period.end.toISOString(),
        loss: amount(refund?.loss ?? 0n),
        amount: amount(refund?.amount ?? 0n),
        state: counting ? 'counting' : !refund ? 'none' : refund.state === 'offered' ? 'ready' : refund.state,
        percent: settings.percent,
        cap: amount(BigInt(settings.cap[currency])),
        minimum: amount(BigInt(settings.minimum[currency])),
        categories: settings.categories,
        nextCloseAt: period.nextEnd.toISOString(),
      };
      return { ...base, result: reason === null, info, reason };
    },

    /** GET /api/refund/receive: the last closed period's refund into the member's refund balance. */
    receive: async (memberId: number): Promise<bigint> => {
      const settings = await context.activeSettings('refund');
      if (await context.runningGrant(memberId)) throw new AppError('BONUS_REMAINING', 409);
      const { refund, counting } = await refundOfClosedPeriod(memberId, settings);
      // Every refund offered and not received yet is received: none lapses (decision 020).
      const offered = await repository.offeredRefunds(memberId);
      const refusal = refusalOf({ running: false, refund, counting, offered: offered.length > 0 });
      if (refusal) throw new AppError(refusal, 409);
      const refundKey = accountKey.refund(memberId);
      await ledger.openAccount(refundKey, offered[0]!.currency);
      return repository.transaction(async (tx) => {
        const received = await repository.markReceived(tx, memberId, now());
        // Received a moment ago by another call of the member's.
        if (received.length === 0) throw new AppError('NO_REFUND', 409);
        let total = 0n;
        for (const row of received) {
          await ledger.transferIn(tx, {
            idempotencyKey: `refund:receive:${row.id}`,
            debit: accountKey.operator('refund', row.currency),
            credit: refundKey,
            amount: row.amount,
            kind: 'refund_receive',
            metadata: { memberId, refundId: row.id, periodStart: row.periodStart.toISOString() },
          });
          total += row.amount;
        }
        return total;
      });
    },

    /** GET /api/refund/addWallet: the refund balance into the wallet, as a grant with the refund terms. */
    toWallet: async (memberId: number): Promise<bigint> => {
      const settings = await context.activeSettings('refund');
      await context.runningGrant(memberId);
      const currency = await context.currencyOf(memberId);
      const grant = await grants.engine.claimProgram(memberId, {
        program: 'refund',
        terms: programTerms('refund', settings, currency),
        minimum: 1n,
        tooLittle: 'NO_REFUND',
        nothing: 'NO_REFUND',
      });
      return grant.bonus;
    },

    /** POST /api/refund: refunds received, newest first. */
    list: async (memberId: number, page: { page: number; limit: number }): Promise<RefundListResponse> => {
      const { total, rows } = await repository.receivedRefunds(memberId, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      });
      return {
        total,
        refunds: rows.map((row) => ({
          refundAmount: amount(row.amount),
          createdAt: (row.receivedAt ?? row.createdAt).toISOString(),
          periodStart: row.periodStart.toISOString(),
          periodEnd: row.periodEnd.toISOString(),
          loss: amount(row.loss),
        })),
      };
    },
  };
}
