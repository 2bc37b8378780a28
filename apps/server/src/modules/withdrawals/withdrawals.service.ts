import type { FastifyBaseLogger } from 'fastify';
import type { Currency, MinorUnits, PerCurrency } from '@wallet/contract/money';
import type { MoneyResult, PendingWithdrawal, WithdrawRequest } from '@wallet/contract/http/wallet';
import type { WithdrawalRules } from '@wallet/contract/http/console-withdrawals';
import type { PayoutService, PayoutStatus } from '../../adapters/payout/payout-service';
import { AppError } from '../../platform/errors';
import { marketDay } from '../promotions/rewards/rewards.service';
import type { WithdrawalOrder, WithdrawalOrdersRepository } from './withdrawal-orders.repository';
import { needsTwoApprovals, reviewReasons } from './withdrawal-rules';

import {
  accountKey,
  referenceExpiry,
  type ClaimedHold,
  type HoldState,
  type LedgerService,
  type OutsideVerdict,
} from '../ledger/ledger.service';

export interface WithdrawalsServiceOptions {
  ledger: LedgerService;
  payout: PayoutService;
  /** How each withdrawal was routed, and staff's decisions on those held for review. */
  orders: WithdrawalOrdersRepository;
  /** The member's risk flags now, the withdrawal being asked (decision 051). */
  riskFlags?: (memberId: number) => Promise<string[]>;
  /** Whether the member carries any of these tags staff gave them (the rule reviewTags). */
  tagged?: (memberId: number, tags: readonly string[]) => Promise<boolean>;
  /** The rules that hold a withdrawal for review (decision 045). */
  rules: () => Promise<WithdrawalRules>;
  /** withdrawMin and withdrawMax of the withdraw lookup, minor units of each currency (decision 067). */
  limits: () => Promise<PerCurrency<{ withdrawMin: number; withdrawMax: number }>>;
  /** The member's currency and the bank account payouts go to. */
  moneyProfile: (memberId: number) => Promise<{
    currency: Currency;
    /** `currency`: the account's (decision 069); a payout never crosses currencies. */
    bank: { code: string; accountNo: string; accountName: string; currency?: string } | null;
  }>;
  /** Refuses a withdrawal the member may not make now (a running bonus's turnover unmet). */
  beforeWithdraw: (memberId: number) => Promise<void>;
  /**
   * Whether a bonus runs now. Asked again once the money is held: a bonus claimed between the
   * first look and the hold (the claim locks the wallet, so it is either before the hold or seen
   * here) voids the withdrawal.
   */
  bonusRunning: (memberId: number) => Promise<boolean>;
  /** Tells staff a withdrawal waits for them (the staff chat's notice); its failure is only logged. */
  onHeld?: (order: WithdrawalOrder) => Promise<void>;
  /** Brings every game balance back to the wallet (withdrawAll). */
  sweepToWallet: (memberId: number, key: string) => Promise<unknown>;
  referenceTtlMs: number;
  payoutTimeoutMs: number;
  /** The clock that says whether a pending withdrawal's reference has expired. */
  now?: () => Date;
  log: FastifyBaseLogger;
}

/**
 * How many of a member's latest withdrawals are looked at for pending ones. A withdrawal is final
 * within minutes (the reference's lifetime and the reconciler's checks), so the pending ones are
 * among the newest; Home shows those.
 */
const PENDING_LOOKBACK = 10;

/**
 * A routing is written just before its hold, in the same request: one older than this without a
 * hold was left by a crash (the request is long over; its retry finds the routing and holds).
 */
const ORPHAN_AFTER_MS = 10 * 60_000;

/**
 * Withdrawals to the member's registered bank account. The amount is held in the ledger at once
 * (so racing requests cannot spend it twice), the payout service is given the hold key as its
 * reference, and the hold is posted to the operator's cash-out account when the payout is paid,
 * or voided back to the wallet when it is rejected (docs/decisions/010).
 */
export function createWithdrawalsService(options: WithdrawalsServiceOptions) {
  const { ledger, payout, log } = options;
  const now = options.now ?? (() => new Date());

  /** The limits of the member's currency: a kip withdrawal is judged by kip figures (decision 067). */
  async function checkLimits(amount: number, currency: Currency): Promise<void> {
    const { withdrawMin, withdrawMax } = (await options.limits())[currency];
    if (amount < withdrawMin) throw new AppError('WITHDRAW_MINIMUM', 400);
    if (amount > withdrawMax) throw new AppError('WITHDRAW_MAXIMUM', 400);
  }

  /**
   * Kip sent to a baht account (or the other way) is not the amount the member asked for: refused
   * before any hold, never paid across currencies (decision 069). Said before the amount's limits:
   * no amount would do.
   */
  function refuseAcrossCurrencies(profile: Awaited<ReturnType<WithdrawalsServiceOptions['moneyProfile']>>) {
    if (profile.bank?.currency !== undefined && profile.bank.currency !== profile.currency) {
      throw new AppError('BANK_ACCOUNT_CURRENCY_MISMATCH', 409);
    }
  }

  /**
   * Routes a withdrawal before its money is held: paid at once, or held for review under the
   * rules (decision 045). The routing is written first, so a hold never exists without it.
   */
  async function route(
    memberId: number,
    key: string,
    amount: bigint,
    currency: Currency,
    bank: { code: string; accountNo: string; accountName: string },
  ) {
    const rules = await options.rules();
    const paidInLedger = rules.reviewFirst ? await paidBefore(memberId) : true;
    // NOTE: computed only when the rules name a flag: the ties are read by a scan of the members'
    // bank accounts, which a site that reviews on no flag need not pay on every withdrawal.
    const flags = rules.reviewFlags.length > 0 ? ((await options.riskFlags?.(memberId)) ?? []) : [];
    const tagged = (await options.tagged?.(memberId, rules.reviewTags)) ?? false;
    return options.orders.route(
      {
        holdKey: key,
        memberId,
        amount,
        currency,
        bankCode: bank.code,
        accountNo: bank.accountNo,
        accountName: bank.accountName,
        marketDay: marketDay(now()),
        needsTwo: needsTwoApprovals(rules, amount, currency),
        flags,
      },
      ({ autoToday, everPaid }) =>
        reviewReasons(rules, {
          amount,
          currency,
          autoToday,
          paidBefore: everPaid || paidInLedger,
          flags,
          tagged,
        }),
    );
  }

  /** Whether the ledger shows a withdrawal of the member's paid (members from before the routing). */
  async function paidBefore(memberId: number): Promise<boolean> {
    const { lines } = await ledger.statementOf([accountKey.wallet(memberId)], {
      offset: 0,
      limit: PENDING_LOOKBACK,
      type: 'withdraw',
    });
    return lines.some((line) => line.hold === 'posted');
  }

  const verdictOf = (status: PayoutStatus): OutsideVerdict =>
    status === 'paid'
      ? 'applied'
      : status === 'rejected'
        ? 'failed'
        : status === 'pending'
          ? 'unknown'
          : 'not_found';

  /** An approved withdrawal whose payout call was never made: made now, with its first reference. */
  async function resendApproved(order: WithdrawalOrder): Promise<void> {
    const outcome = await payout.send({
      reference: order.holdKey,
      amount: order.amount,
      currency: order.currency,
      bank: { code: order.bankCode, accountNo: order.accountNo, accountName: order.accountName },
      expiresAt: referenceExpiry(order.decidedAt!, options.referenceTtlMs),
    });
    if (outcome.kind === 'rejected') await ledger.void(order.holdKey);
  }

  function answerOf(state: HoldState | null): MoneyResult['status'] {
    if (state === 'voided') throw new AppError('TRANSFER_FAIL', 422);
    // Paid or still on its way: either way the member waits for the bank.
    return state === 'posted' ? 'SUCCESS' : 'PENDING';
  }

  const service = {
    async withdraw(memberId: number, body: WithdrawRequest, key: string): Promise<MoneyResult> {
      // A retry of a withdrawal already held is answered from the hold, whatever the limits or
      // the profile say now: the first attempt's money is on its way.
      const earlier = await ledger.findTransfer(key);
      if (earlier)
        return {
          status: answerOf(await ledger.holdState(key)),
          reference: key,
          amount: body.amount,
          id: String(earlier.id),
          createdAt: earlier.createdAt.toISOString(),
        };
      const profile = await options.moneyProfile(memberId);
      refuseAcrossCurrencies(profile);
      await checkLimits(body.amount, profile.currency);
      await options.beforeWithdraw(memberId);
      if (!profile.bank) throw new AppError('NO_BANK', 400);
      const amount = BigInt(body.amount);
      const walletKey = accountKey.wallet(memberId);
      const order = await route(memberId, key, amount, profile.currency, profile.bank);
      await ledger.openAccount(walletKey, profile.currency);
      let held: Awaited<ReturnType<LedgerService['hold']>> | undefined;
      // The hold's statement row id: the reference on the member's receipt (decision 071).
      const result = (status: MoneyResult['status']): MoneyResult => ({
        status,
        reference: key,
        amount: body.amount,
        ...(held ? { id: String(held.transferId), createdAt: held.createdAt.toISOString() } : {}),
      });
      try {
        held = await ledger.hold({
          idempotencyKey: key,
          debit: walletKey,
          destination: accountKey.operator('cash_out', profile.currency),
          amount,
          kind: 'withdrawal',
          currency: profile.currency,
          metadata: {
            memberId,
            bank: { code: profile.bank.code, accountNo: profile.bank.accountNo },
            statement: { type: 'withdraw', from: 'wallet', to: 'bank' },
          },
        });
      } catch (error) {
        // Not held (not enough money): the routing counts for nothing.
        if (!(await ledger.findTransfer(key))) await options.orders.forget(key);
        throw error;
      }
      if (held.replayed) return result(answerOf(await ledger.holdState(key)));
      // A bonus claimed since the check before the hold: the money goes back, unless a staff
      // member approved the withdrawal in that instant (the routing is forgotten first, under the
      // same row an approval moves, so exactly one of the two wins and a paid hold is never voided).
      if ((await options.bonusRunning(memberId)) && (await options.orders.forget(key))) {
        await ledger.void(key);
        throw new AppError('BONUS_CONDITION', 422);
      }
      // Held for review: the money stays held, and only staff's approval calls the payout service.
      if (order.status === 'review') {
        await options
          .onHeld?.(order)
          .catch((error: unknown) =>
            log.warn({ err: error, key }, 'could not tell staff of a held withdrawal'),
          );
        return result('PENDING');
      }
      const outcome = await payout.send({
        reference: key,
        amount,
        currency: profile.currency,
        bank: profile.bank,
        expiresAt: referenceExpiry(held.createdAt, options.referenceTtlMs),
      });
      if (outcome.kind === 'rejected') {
        await ledger.void(key);
        log.warn({ key, reason: outcome.reason }, 'payout rejected; funds returned');
        throw new AppError('TRANSFER_FAIL', 422);
      }
      if (outcome.kind === 'unknown') log.warn({ key, reason: outcome.reason }, 'payout outcome unknown');
      return result('PENDING');
    },

    /** Brings every game balance back to the wallet first, then withdraws `amount`. */
    async withdrawAll(memberId: number, body: WithdrawRequest, key: string): Promise<MoneyResult> {
      if (await ledger.findTransfer(`${key}:withdraw`))
        return service.withdraw(memberId, body, `${key}:withdraw`);
      // Before the sweep: a refused withdrawal leaves the games' money where it is.
      const profile = await options.moneyProfile(memberId);
      refuseAcrossCurrencies(profile);
      await checkLimits(body.amount, profile.currency);
      await options.beforeWithdraw(memberId);
      await options.sweepToWallet(memberId, key);
      return service.withdraw(memberId, body, `${key}:withdraw`);
    },

    /**
     * The member's own withdrawals whose hold is not settled yet, newest first, with what each
     * waits for (Home shows them). Read from the ledger only: no call to the payout service, so a
     * member's page views never turn into traffic at the gateway.
     */
    async pending(memberId: number): Promise<PendingWithdrawal[]> {
      const { lines } = await ledger.statementOf([accountKey.wallet(memberId)], {
        offset: 0,
        limit: PENDING_LOOKBACK,
        type: 'withdraw',
      });
      const pendingLines = lines.filter((line) => line.hold === 'pending');
      // Held for staff may last longer than the newest few withdrawals: every one is listed.
      const listed = new Set(pendingLines.map((line) => line.key));
      for (const waiting of await options.orders.waitingOf(memberId)) {
        if (listed.has(waiting.holdKey) || (await ledger.holdState(waiting.holdKey)) !== 'pending') continue;
        const hold = await ledger.findTransfer(waiting.holdKey);
        if (hold) pendingLines.push({ ...hold, key: waiting.holdKey, hold: 'pending', walletAfter: null });
      }
      pendingLines.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const orders = new Map(
        (await options.orders.findMany(pendingLines.map((line) => line.key))).map((row) => [
          row.holdKey,
          row,
        ]),
      );
      return pendingLines.map((line) => {
        const bank = line.metadata.bank as { accountNo?: unknown } | undefined;
        const accountNo = typeof bank?.accountNo === 'string' ? bank.accountNo : '';
        const order = orders.get(line.key);
        // Past its reference's expiry the payout service can no longer take the order: what
        // is left is its word on whether it paid (the reconciler asks), else the money returns.
        // An approved withdrawal's reference runs from its approval.
        const sentAt = order?.decidedAt ?? line.createdAt;
        const expired = now() >= referenceExpiry(sentAt, options.referenceTtlMs);
        return {
          id: String(line.id),
          amount: Number(line.amount) as MinorUnits,
          createdAt: line.createdAt.toISOString(),
          waitingFor: order?.status === 'review' ? 'review' : expired ? 'confirmation' : 'payout',
          accountEnding: accountNo.slice(-4),
        };
      });
    },

    /**
     * Forgets routings left in review by a crash before their hold was made (decision 045): after
     * a few minutes no hold can follow them. The reconciler's sweep; answers how many went.
     */
    async forgetUnheld(): Promise<number> {
      let forgotten = 0;
      for (const key of await options.orders.staleInReview(ORPHAN_AFTER_MS)) {
        if (await ledger.findTransfer(key)) continue;
        await options.orders.forget(key);
        forgotten += 1;
      }
      return forgotten;
    },

    /** The reconciler's step for a withdrawal hold: the one rule of every two-phase flow. */
    async resolveHold(hold: ClaimedHold): Promise<HoldState> {
      const order = await options.orders.find(hold.key);
      // Waiting for staff: nothing to ask the payout service, which has never seen it.
      if (order?.status === 'review') return 'pending';
      // Rejected, and the void did not follow (a crash between the two): it follows now.
      if (order?.status === 'rejected') {
        await ledger.void(hold.key);
        return 'voided';
      }
      const status = await payout.status(hold.key);
      const limits = { ttlMs: options.referenceTtlMs, callTimeoutMs: options.payoutTimeoutMs };
      if (order?.status === 'approved') {
        // Its reference runs from the approval, not from the hold, which waited for staff.
        const ageMs = (await options.orders.decidedAgeMs(hold.key)) ?? hold.ageMs;
        if (status === 'not_found' && ageMs < options.referenceTtlMs) {
          // Approved, and the call did not follow (a crash): the same reference, sent now.
          await resendApproved(order);
          return 'pending';
        }
        return ledger.settleByVerdict({ ...hold, ageMs }, verdictOf(status), limits);
      }
      return ledger.settleByVerdict(hold, verdictOf(status), limits);
    },
  };
  return service;
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
