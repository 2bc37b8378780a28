import type { FastifyBaseLogger } from 'fastify';
import type {
  WithdrawalQueueResponse,
  WithdrawalRefusal,
  WithdrawalReviewItem,
} from '@wallet/contract/http/console-withdrawals';
import type { Locale } from '@wallet/contract/constants';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import type { PayoutService } from '../../adapters/payout/payout-service';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { referenceExpiry, type LedgerService } from '../ledger/ledger.service';
import type { WithdrawalOrder, WithdrawalOrdersRepository } from './withdrawal-orders.repository';
import { REFUSAL_TEXTS } from './withdrawal-refusals';

export interface WithdrawalReviewOptions {
  ledger: LedgerService;
  payout: PayoutService;
  orders: WithdrawalOrdersRepository;
  /** Whether a bonus runs for the member now: its turnover must be met before money leaves. */
  bonusRunning: (memberId: number) => Promise<boolean>;
  /** Whether the member is locked out: their withdrawals stay held, none is approved. */
  memberLocked: (memberId: number) => Promise<boolean>;
  /** Members' usernames and names, by id. */
  membersOf: (ids: number[]) => Promise<Map<number, { username: string; name: string }>>;
  /** Staff usernames, by id. */
  staffNamesOf: (ids: number[]) => Promise<Map<number, string>>;
  referenceTtlMs: number;
  /** How long a staff member's claim on an item lasts (renewed by each claim). */
  claimMs: number;
  log: FastifyBaseLogger;
}

const PAGE = 20;

/** A staff member's claim on a queue item: long enough to check a slip and a statement. */
export const WITHDRAWAL_CLAIM_MS = 5 * 60_000;

/** Why staff refused these withdrawals, in the member's language (the statement's detail). */
export async function withdrawalRefusals(
  orders: Pick<WithdrawalOrdersRepository, 'findMany'>,
  holdKeys: string[],
  locale: Locale,
): Promise<Map<string, string>> {
  const rows = await orders.findMany(holdKeys);
  return new Map(
    rows
      .filter((row) => row.status === 'rejected' && row.refusal !== null)
      .map((row) => [row.holdKey, REFUSAL_TEXTS[row.refusal as WithdrawalRefusal][locale]]),
  );
}

/** What a staff member's decision answers: the item as it stands after it. */
type Decided = WithdrawalReviewItem;

/**
 * Writes a decision's audit row (before → after) in the decision's transaction: no decision
 * commits without its row, and a replayed press, which changes nothing, writes none.
 */
export type AuditStep = (
  tx: Pick<Database, 'execute'>,
  row: WithdrawalOrder,
  before: string,
  after: 'first_approved' | 'approved' | 'rejected',
) => Promise<void>;

/**
 * The withdrawal desk (issue 27, docs/decisions/045): the queue of withdrawals held for review,
 * staff's claims on them, and their approval (by one, or two different staff members over the
 * second threshold) or rejection. The money stays held in the ledger throughout; an approval is
 * the only thing that lets the payout service be called for a reviewed withdrawal, and a
 * rejection voids the hold back to the wallet.
 */
export function createWithdrawalReviewService(options: WithdrawalReviewOptions) {
  const { ledger, orders, log } = options;

  async function itemsOf(rows: WithdrawalOrder[], whole: boolean): Promise<WithdrawalReviewItem[]> {
    const staffIds = rows.flatMap((row) =>
      [row.claimedBy, row.firstApprovedBy, row.decidedBy].filter((id): id is number => id !== null),
    );
    const [members, staff] = await Promise.all([
      options.membersOf([...new Set(rows.map((row) => row.memberId))]),
      options.staffNamesOf([...new Set(staffIds)]),
    ]);
    const ref = (id: number) => ({ id, username: staff.get(id) ?? `#${id}` });
    const shown = (value: string) =>
      whole ? value : `${'•'.repeat(Math.max(value.length - 4, 0))}${value.slice(-4)}`;
    return rows.map((row) => {
      const member = members.get(row.memberId) ?? { username: '', name: '' };
      return {
        id: row.holdKey,
        member: { id: row.memberId, username: shown(member.username), name: member.name },
        amount: Number(row.amount) as MinorUnits,
        currency: row.currency as Currency,
        bank: { code: row.bankCode, accountNo: shown(row.accountNo) },
        createdAt: row.createdAt.toISOString(),
        heldFor: row.heldFor as WithdrawalReviewItem['heldFor'],
        flags: row.flags as WithdrawalReviewItem['flags'],
        status: row.status === 'auto' ? 'approved' : row.status,
        needsTwo: row.needsTwo,
        firstApproval:
          row.firstApprovedBy !== null && row.firstApprovedAt
            ? { ...ref(row.firstApprovedBy), at: row.firstApprovedAt.toISOString() }
            : null,
        claim:
          row.claimLive && row.claimedBy !== null
            ? { ...ref(row.claimedBy), until: row.claimedUntil!.toISOString() }
            : null,
        decision:
          row.decidedBy !== null && row.decidedAt
            ? {
                by: ref(row.decidedBy),
                at: row.decidedAt.toISOString(),
                refusal: row.refusal as WithdrawalRefusal | null,
                note: row.note,
              }
            : null,
      };
    });
  }

  async function itemOf(row: WithdrawalOrder, whole: boolean): Promise<WithdrawalReviewItem> {
    return (await itemsOf([row], whole))[0]!;
  }

  /** A row in review whose hold is no longer pending was never made or was settled: not staff's. */
  async function waitingOnly(rows: WithdrawalOrder[]): Promise<WithdrawalOrder[]> {
    const states = await ledger.holdStates(rows.map((row) => row.holdKey));
    return rows.filter((row) => row.status !== 'review' || states.get(row.holdKey) === 'pending');
  }

  async function reviewable(holdKey: string): Promise<WithdrawalOrder> {
    const row = await present(holdKey);
    if (row.status === 'auto') throw new AppError('NOT_FOUND', 404);
    if (row.status === 'review' && (await ledger.holdState(holdKey)) !== 'pending') {
      // A colleague's decision may have settled the hold since the row was read: then it is
      // theirs (WITHDRAWAL_DECIDED follows); a row still in review without a held hold is none.
      const now = await present(holdKey);
      if (now.status === 'review') throw new AppError('NOT_FOUND', 404);
      return now;
    }
    return row;
  }

  /** The row of a key, or NOT_FOUND (a routing whose hold was refused is deleted). */
  async function present(holdKey: string): Promise<WithdrawalOrder> {
    const row = await orders.find(holdKey);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  /**
   * Why an update changed nothing, read again: a colleague's claim, or a decision already made
   * (answered as it stands when it was this staff member's own, so a repeated press is a replay).
   */
  function refusalOf(
    row: WithdrawalOrder,
    staffId: number,
    wanted: 'approved' | 'rejected',
  ): never | 'replay' {
    if (row.status === wanted && row.decidedBy === staffId) return 'replay';
    if (row.status !== 'review') throw new AppError('WITHDRAWAL_DECIDED', 409);
    if (wanted === 'approved' && row.memberLocked) throw new AppError('MEMBER_LOCKED', 409);
    if (wanted === 'approved' && row.firstApprovedBy === staffId)
      throw new AppError('STAFF_SAME_PERSON', 403);
    throw new AppError('WITHDRAWAL_CLAIMED', 409);
  }

  /** Sends an approved withdrawal to the payout service (its reference expires from the approval). */
  async function pay(row: WithdrawalOrder): Promise<void> {
    await ledger.hurryHold(row.holdKey);
    const outcome = await options.payout.send({
      reference: row.holdKey,
      amount: row.amount,
      currency: row.currency,
      bank: { code: row.bankCode, accountNo: row.accountNo, accountName: row.accountName },
      expiresAt: referenceExpiry(row.decidedAt!, options.referenceTtlMs),
    });
    if (outcome.kind === 'rejected') {
      await ledger.void(row.holdKey);
      log.warn({ key: row.holdKey, reason: outcome.reason }, 'approved payout rejected; funds returned');
    } else if (outcome.kind === 'unknown') {
      log.warn({ key: row.holdKey, reason: outcome.reason }, 'approved payout outcome unknown');
    }
  }

  return {
    async queue(
      status: WithdrawalOrder['status'],
      page: number,
      whole: boolean,
    ): Promise<WithdrawalQueueResponse> {
      const { rows, total } = await orders.page(status, (page - 1) * PAGE, PAGE);
      return { total, items: await itemsOf(await waitingOnly(rows), whole) };
    },

    /** Takes (or renews) the staff member's lease on an item, shown to colleagues. */
    async claim(holdKey: string, staffId: number, whole: boolean): Promise<Decided> {
      await reviewable(holdKey);
      const row = await orders.claim(holdKey, staffId, options.claimMs);
      if (!row) refusalOf(await present(holdKey), staffId, 'approved');
      return itemOf(row ?? (await present(holdKey)), whole);
    },

    /** Gives back the staff member's lease; answers the item's member when there was one to give back. */
    release: (holdKey: string, staffId: number): Promise<number | null> => orders.release(holdKey, staffId),

    /**
     * Approves: the first of two approvals when the amount needs two, else the decision, after
     * which the payout service is called. Idempotent for the staff member who decided.
     */
    async approve(
      holdKey: string,
      staffId: number,
      whole: boolean,
      audit: AuditStep,
    ): Promise<{ item: Decided; before: string }> {
      const row = await reviewable(holdKey);
      const before = row.firstApprovedBy === null ? row.status : 'first_approved';
      if (row.status === 'review' && (await options.bonusRunning(row.memberId)))
        throw new AppError('BONUS_CONDITION', 409);
      if (row.status === 'review' && (await options.memberLocked(row.memberId)))
        throw new AppError('MEMBER_LOCKED', 409);
      if (row.status === 'review' && row.needsTwo && row.firstApprovedBy === null) {
        const first = await orders.approveFirst(holdKey, staffId, (tx, one) =>
          audit(tx, one, before, 'first_approved'),
        );
        if (first) return { item: await itemOf(first, whole), before };
      }
      const decided = await orders.decide(holdKey, staffId, { status: 'approved' }, (tx, one) =>
        audit(tx, one, before, 'approved'),
      );
      if (decided) {
        await pay(decided);
        return { item: await itemOf(decided, whole), before };
      }
      const now = await present(holdKey);
      refusalOf(now, staffId, 'approved');
      return { item: await itemOf(now, whole), before };
    },

    /** Rejects: the decision first (so no approval can follow), then the hold voids to the wallet. */
    async reject(
      holdKey: string,
      staffId: number,
      refusal: WithdrawalRefusal,
      note: string | null,
      whole: boolean,
      audit: AuditStep,
    ): Promise<{ item: Decided; before: string }> {
      const row = await reviewable(holdKey);
      const before = row.firstApprovedBy === null ? row.status : 'first_approved';
      const decided = await orders.decide(
        holdKey,
        staffId,
        { status: 'rejected', refusal, note },
        (tx, one) => audit(tx, one, before, 'rejected'),
      );
      const now = decided ?? (await present(holdKey));
      if (!decided) refusalOf(now, staffId, 'rejected');
      // NOTE: after the decision, and again by the reconciler after a crash between the two.
      await ledger.void(holdKey);
      return { item: await itemOf(now, whole), before };
    },

    countWaiting: () => orders.countWaiting(),

    /** A member locked or unlocked: their waiting withdrawals follow (decision 045). */
    memberLocked: (memberId: number, locked: boolean) => orders.markMemberLocked(memberId, locked),
  };
}

export type WithdrawalReviewService = ReturnType<typeof createWithdrawalReviewService>;
