import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@wallet/contract/money';
import { accountKey, type LedgerService } from '../../ledger/ledger.service';
import type { PlayTally } from './play-tally';
import type { Executor } from '../engine/grants.service';
import { hourOf, marketDay } from './reward-periods';
import type { InviteSettings } from './rewards-settings';
import type { RewardsRepository } from './rewards.repository';
import type { Referrals } from './rewards.service';
import { selfReferralOf } from './self-referral';

/** Invitee deposits looked at for commission: this far back. One not played by then earns nothing. */
export const DEPOSIT_WINDOW_MS = 3 * 86_400_000;
/** A deposit this old is committed, and so is every deposit with a smaller id. */
const DEPOSIT_SETTLED_MS = 5 * 60_000;

/** A percent (which may carry decimals, 2.5%) of an amount, rounded down. */
export const percentOf = (base: bigint, percent: number) =>
  (base * BigInt(Math.round(percent * 100))) / 10_000n;

/** One event of an invitee that may earn their inviter commission. */
export type AccrualEvent = {
  inviteeId: number;
  inviterId: number;
  kind: 'deposit' | 'loss';
  source: string;
  base: bigint;
  day: string;
  currency: string;
  /** A deposit's time: it earns only once played (decision 036). */
  depositedAt?: Date;
};

type Deposit = Awaited<ReturnType<LedgerService['depositsAwaiting']>>[number];

/**
 * Invite commission (decision 020): each event of an invitee recorded once by its source, its
 * ledger movement in the same transaction; nothing for a self-referral, at most the inviter's
 * daily cap; a deposit only once the invitee has played it (decision 036).
 */
export function createInviteAccrual(options: {
  ledger: LedgerService;
  repository: RewardsRepository;
  referrals: Referrals;
  tally: PlayTally;
  currencyOf: (memberId: number) => Promise<Currency>;
  /** The invite program's settings when it is on and earns on deposits; else null. */
  depositSettings: () => Promise<InviteSettings | null>;
  log: FastifyBaseLogger;
}) {
  const { ledger, repository, referrals, tally, log } = options;
  /**
   * Deposits below this id were all looked at by this process's schedule and are older than the
   * time a deposit's transaction could still be committing: a pass starts after it.
   */
  let depositMark = 0;
  /** Deposits looked at and not played yet: each pass of the schedule looks again (decision 036). */
  const unplayed = new Map<number, Deposit>();

  /**
   * What an accrual needs before its transaction (read outside it: a transaction on the embedded
   * database holds its one connection): whether it is a self-referral (flagged for staff), the
   * inviter's currency, and the inviter's invite account, opened.
   */
  async function prepare(event: Pick<AccrualEvent, 'inviteeId' | 'inviterId' | 'currency'>) {
    const { inviteeId, inviterId } = event;
    let note: 'self_referral' | 'currency' | null = null;
    const self = await selfReferralOf(referrals, inviteeId, inviterId);
    const inviterCurrency = await options.currencyOf(inviterId);
    if (self) {
      await repository.flag({ inviteeId, inviterId, reason: self });
      log.warn({ inviteeId, inviterId, reason: self }, 'self-referral: no invite commission');
      note = 'self_referral';
    } else if (inviterCurrency !== event.currency) note = 'currency';
    const inviteKey = accountKey.invite(inviterId);
    if (!note) await ledger.openAccount(inviteKey, inviterCurrency);
    return { note, inviterCurrency, inviteKey, operatorKey: accountKey.operator('invite', inviterCurrency) };
  }

  /**
   * Whether the invitee has played the deposit (decision 036): their stakes from the deposit's hour
   * on, less the deposits that earned since that hour began (those stakes may be theirs), reach it.
   * Read under the inviter's invite account lock, so two deposits never count the same stakes.
   */
  async function played(tx: Executor, event: AccrualEvent): Promise<boolean> {
    const from = hourOf(event.depositedAt!);
    const [stakes, used] = await Promise.all([
      repository.stakesSince(tx, event.inviteeId, from),
      repository.depositBaseRecordedSince(tx, event.inviterId, event.inviteeId, from),
    ]);
    return stakes - used >= event.base;
  }

  /**
   * Records what one event of an invitee earns their inviter, once by its source, and moves it in
   * the caller's transaction: nothing for a self-referral, at most what is left of the inviter's
   * daily cap (judged under the lock of the inviter's invite account). Null: a deposit not played
   * yet, nothing recorded (looked at again later).
   */
  async function accrueIn(
    tx: Executor,
    event: AccrualEvent,
    settings: InviteSettings,
    prepared: Awaited<ReturnType<typeof prepare>>,
  ): Promise<bigint | null> {
    const { inviteKey, operatorKey, inviterCurrency } = prepared;
    let note: 'self_referral' | 'capped' | 'currency' | null = prepared.note;
    let earned = note ? 0n : percentOf(event.base, settings.percent);
    if (earned > 0n) {
      // One accrual of this inviter at a time: the cap and the play below are judged on what is
      // committed.
      await ledger.lockedBalance(tx, inviteKey);
      if (event.depositedAt && !(await played(tx, event))) return null;
      // The inviter's own currency's cap (decision 067): commission is credited in it.
      const dailyCap = settings.dailyCap[inviterCurrency];
      if (dailyCap > 0) {
        const today = await ledger.creditedWhere(tx, inviteKey, 'invite_commission', 'day', event.day);
        const room = BigInt(dailyCap) - today;
        if (room < earned) {
          earned = room > 0n ? room : 0n;
          note = 'capped';
        }
      }
    }
    const fresh = await repository.insertCommission(tx, {
      source: event.source,
      inviterId: event.inviterId,
      inviteeId: event.inviteeId,
      kind: event.kind,
      base: event.base,
      percent: settings.percent,
      amount: earned,
      currency: inviterCurrency,
      day: event.day,
      note,
    });
    if (!fresh || earned === 0n) return 0n;
    await ledger.transferIn(tx, {
      idempotencyKey: `invite:${event.source}`,
      debit: operatorKey,
      credit: inviteKey,
      amount: earned,
      kind: 'invite_commission',
      metadata: {
        memberId: event.inviterId,
        inviteeId: event.inviteeId,
        source: event.source,
        day: event.day,
      },
    });
    return earned;
  }

  /**
   * Accrues these deposits of invitees, each once; a deposit not played yet is kept in `unplayed`
   * (the schedule looks again) and one older than the window is forgotten. Answers how many earned.
   */
  async function accrueEach(deposits: Deposit[], settings: InviteSettings): Promise<number> {
    const inviters = await referrals.invitersOf([...new Set(deposits.map((deposit) => deposit.memberId))]);
    const recorded = await repository.recordedSources(
      deposits.map((deposit) => `deposit:${deposit.transferId}`),
    );
    const counted = new Set<number>();
    const since = Date.now() - DEPOSIT_WINDOW_MS;
    let accrued = 0;
    for (const deposit of deposits) {
      const inviterId = inviters.get(deposit.memberId);
      const source = `deposit:${deposit.transferId}`;
      unplayed.delete(deposit.transferId);
      if (inviterId === undefined || recorded.has(source) || deposit.createdAt.getTime() < since) continue;
      const event: AccrualEvent = {
        inviteeId: deposit.memberId,
        inviterId,
        kind: 'deposit',
        source,
        base: deposit.amount,
        day: marketDay(deposit.createdAt),
        currency: deposit.currency,
        depositedAt: deposit.createdAt,
      };
      const prepared = await prepare(event);
      // The invitee's rounds counted up to now, once a pass (an empty game costs no provider call).
      if (!prepared.note && !counted.has(deposit.memberId)) {
        counted.add(deposit.memberId);
        await tally.countMember(deposit.memberId);
      }
      const earned = await repository.transaction((tx) => accrueIn(tx, event, settings, prepared));
      if (earned === null) unplayed.set(deposit.transferId, deposit);
      else accrued += 1;
    }
    return accrued;
  }

  /**
   * Accrues commission on invitee deposits not accrued yet (the last few days; each once by its
   * deposit): every invitee's from the schedule, or one inviter's invitees' before they look.
   */
  async function accrueDeposits(inviterId?: number): Promise<number> {
    const settings = await options.depositSettings();
    if (!settings) return 0;
    const memberIds = inviterId === undefined ? undefined : await referrals.inviteesOf(inviterId);
    const since = new Date(Date.now() - DEPOSIT_WINDOW_MS);
    const schedule = inviterId === undefined;
    let afterId = schedule ? depositMark : 0;
    let advancing = schedule;
    let accrued = schedule ? await accrueEach([...unplayed.values()], settings) : 0;
    for (;;) {
      const deposits = await ledger.depositsAwaiting('invite:deposit:', since, {
        afterId,
        limit: 500,
        ...(memberIds ? { memberIds } : {}),
      });
      if (deposits.length === 0) return accrued;
      afterId = deposits.at(-1)!.transferId;
      accrued += await accrueEach(deposits, settings);
      // The mark moves past what is old enough that no earlier id can still be committing.
      const settled = Date.now() - DEPOSIT_SETTLED_MS;
      for (const deposit of deposits) {
        if (!advancing || deposit.createdAt.getTime() >= settled) {
          advancing = false;
          break;
        }
        depositMark = deposit.transferId;
      }
    }
  }

  return { prepare, accrueIn, accrueDeposits };
}

export type InviteAccrual = ReturnType<typeof createInviteAccrual>;
