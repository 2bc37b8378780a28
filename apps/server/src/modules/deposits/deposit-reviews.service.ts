import { eq } from 'drizzle-orm';
import {
  DEPOSIT_REVIEW_KINDS,
  type DepositReviewDecision,
  type DepositReviewItem,
  type DepositReviewKind,
  type DepositReviewQueueResponse,
} from '@wallet/contract/http/console-deposits';
import type { RiskFlag } from '@wallet/contract/http/console-risk';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import { lastFour } from '../console/member-context.service';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import type { DepositReviewSource, WaitingDeposit } from './deposit-review-sources';
import { depositReviewDecisions } from './deposits.tables';

export interface DepositReviewsOptions {
  db: Database;
  ledger: LedgerService;
  /** Each kind's rows, read and closed by the module that owns them. */
  sources: Record<DepositReviewKind, DepositReviewSource>;
  /** The member's currency and registered bank account. */
  moneyProfile: (memberId: number) => Promise<{
    currency: string;
    bank: { code: string; accountNo: string; accountName: string };
  }>;
  membersOf: (ids: number[]) => Promise<Map<number, { username: string; name: string }>>;
  staffNamesOf: (ids: number[]) => Promise<Map<number, string>>;
  /** The member's risk flags now (decision 051): staff see them beside the evidence. */
  flagsOf: (memberId: number) => Promise<RiskFlag[]>;
}

const PAGE = 20;

/** The status an item has while it waits, by kind, for the audit's before. */
const WAITING_STATUS: Record<DepositReviewKind, string> = {
  slip: 'REVIEW',
  qr: 'open',
  gift: 'redeeming',
  notice: 'waiting',
};

export interface Decided {
  decision: DepositReviewDecision;
  kind: DepositReviewKind;
  before: string;
  /** This staff member's own repeated press: answered as decided, nothing moved again. */
  replay: boolean;
  /** The ledger key of the credit (null for a refusal). */
  ledgerKey: string | null;
}

type Wanted = { status: 'credited' | 'refused'; note: string; amount?: number };

/**
 * Writes a decision's audit row in the decision's own transaction, so no credit commits without
 * its row (before → after, the amount and the ledger key).
 */
export type DecisionAudit = (
  tx: Pick<Database, 'execute'>,
  memberId: number,
  detail: Record<string, unknown>,
) => Promise<void>;

/**
 * Deposits that need a person (issue 27 section 3, docs/decisions/049): one queue of slips whose
 * sender was not confirmed, QR payments of another amount, gift links stuck redeeming and manual
 * notices; and staff's credit or refusal of each. A decision closes the item with one conditional
 * UPDATE and, for a credit, moves the money under the automatic path's own ledger key, in one
 * transaction: of any number of presses on any number of processes one decides, and the money
 * moves once whoever (staff, the member's new upload, the gateway, the sweep) comes first.
 */
export function createDepositReviewsService(options: DepositReviewsOptions) {
  const { db, ledger, sources } = options;

  function parse(itemId: string): { kind: DepositReviewKind; key: string } {
    const at = itemId.indexOf(':');
    const kind = itemId.slice(0, at) as DepositReviewKind;
    if (at < 0 || !DEPOSIT_REVIEW_KINDS.includes(kind)) throw new AppError('NOT_FOUND', 404);
    return { kind, key: itemId.slice(at + 1) };
  }

  async function itemsOf(
    rows: (WaitingDeposit & { kind: DepositReviewKind })[],
    whole: boolean,
  ): Promise<DepositReviewItem[]> {
    const ids = [...new Set(rows.map((row) => row.memberId))];
    const [names, profiles, flags] = await Promise.all([
      options.membersOf(ids),
      Promise.all(ids.map(async (id) => [id, await options.moneyProfile(id)] as const)),
      Promise.all(ids.map(async (id) => [id, await options.flagsOf(id)] as const)),
    ]);
    const profileOf = new Map(profiles);
    const flagsOf = new Map(flags);
    const shown = whole ? (value: string) => value : lastFour;
    const minor = (value: bigint | null) => (value === null ? null : (Number(value) as MinorUnits));
    return rows.map((row) => {
      const profile = profileOf.get(row.memberId)!;
      const member = names.get(row.memberId) ?? { username: '', name: '' };
      // A stuck gift link's code may still redeem at the voucher service: like a bank number, only
      // staff who see numbers whole (and may decide) read it; others read its last 4 characters.
      const gift = row.evidence.kind === 'gift' && !whole;
      return {
        id: gift ? `gift:${shown(row.key)}` : `${row.kind}:${row.key}`,
        kind: row.kind,
        member: {
          id: row.memberId,
          username: shown(member.username),
          name: member.name,
          bank: {
            code: profile.bank.code,
            accountNo: shown(profile.bank.accountNo),
            accountName: profile.bank.accountName,
          },
        },
        currency: (row.currency ?? profile.currency) as Currency,
        walletCurrency: profile.currency as Currency,
        expected: minor(row.expected),
        paid: minor(row.paid),
        creditAmount: minor(row.creditAmount),
        createdAt: row.createdAt.toISOString(),
        flags: flagsOf.get(row.memberId) ?? [],
        evidence:
          row.evidence.kind === 'gift' && gift
            ? { ...row.evidence, voucherCode: shown(row.evidence.voucherCode) }
            : row.evidence,
      };
    });
  }

  async function decisionOf(row: typeof depositReviewDecisions.$inferSelect): Promise<DepositReviewDecision> {
    const names = await options.staffNamesOf([row.decidedBy]);
    return {
      id: row.itemId,
      status: row.status,
      amount: row.amount === null ? null : (Number(row.amount) as MinorUnits),
      currency: row.currency as Currency,
      memberId: row.memberId,
      decidedBy: { id: row.decidedBy, username: names.get(row.decidedBy) ?? `#${row.decidedBy}` },
      decidedAt: row.decidedAt.toISOString(),
      note: row.note,
    };
  }

  /** An item that no longer waits: this staff member's own same decision again, else 409. */
  async function replayOrRefuse(itemId: string, kind: DepositReviewKind, staffId: number, wanted: Wanted) {
    const [row] = await db
      .select()
      .from(depositReviewDecisions)
      .where(eq(depositReviewDecisions.itemId, itemId));
    if (!row || row.decidedBy !== staffId || row.status !== wanted.status)
      throw new AppError('DEPOSIT_REVIEW_DECIDED', 409);
    return { decision: await decisionOf(row), kind, before: row.status, replay: true, ledgerKey: null };
  }

  /** The amount a credit moves: the one staff give, else the item's own (rules in decision 049). */
  function amountOf(item: WaitingDeposit, given: number | undefined): bigint {
    if (given !== undefined && item.amountFixed && BigInt(given) !== item.creditAmount)
      throw new AppError('DEPOSIT_AMOUNT_FIXED', 400);
    const amount = given !== undefined ? BigInt(given) : item.creditAmount;
    if (amount === null || amount <= 0n) throw new AppError('DEPOSIT_AMOUNT_REQUIRED', 400);
    return amount;
  }

  async function decide(
    itemId: string,
    staffId: number,
    wanted: Wanted,
    audit: DecisionAudit,
  ): Promise<Decided> {
    const { kind, key } = parse(itemId);
    const source = sources[kind];
    const item = await source.find(key);
    if (item === null) throw new AppError('NOT_FOUND', 404);
    if (item === 'closed') return replayOrRefuse(itemId, kind, staffId, wanted);
    const walletCurrency = (await options.moneyProfile(item.memberId)).currency;
    const currency = item.currency ?? walletCurrency;
    // NOTE: before any amount is judged: no amount of another currency's money is the wallet's
    // (decision 078). Staff refuse it and the money goes back through the bank.
    if (wanted.status === 'credited' && currency !== walletCurrency)
      throw new AppError('DEPOSIT_CURRENCY_MISMATCH', 409);
    const amount = wanted.status === 'credited' ? amountOf(item, wanted.amount) : null;
    const transfer = amount === null ? null : source.credit(item, amount, currency);
    if (transfer) await ledger.openAccount(accountKey.wallet(item.memberId), currency);
    try {
      const row = await db.transaction(async (tx) => {
        if (!(await source.close(tx, key, wanted.status, amount))) return null;
        if (transfer) await ledger.transferIn(tx, transfer);
        const [written] = await tx
          .insert(depositReviewDecisions)
          .values({
            itemId,
            memberId: item.memberId,
            status: wanted.status,
            amount,
            currency,
            note: wanted.note,
            decidedBy: staffId,
          })
          .returning();
        await audit(tx, item.memberId, {
          item: itemId,
          kind,
          before: WAITING_STATUS[kind],
          after: wanted.status,
          amount: amount === null ? null : Number(amount),
          currency,
          walletCurrency,
          note: wanted.note,
          ledgerKey: transfer?.idempotencyKey ?? null,
        });
        return written!;
      });
      if (!row) return await replayOrRefuse(itemId, kind, staffId, wanted);
      const decision = await decisionOf(row);
      return {
        decision,
        kind,
        before: WAITING_STATUS[kind],
        replay: false,
        ledgerKey: transfer?.idempotencyKey ?? null,
      };
    } catch (error) {
      // Another movement holds the key (another member's credit of the transfer, or the same
      // credit of another amount): the money is in; this decision moved nothing.
      if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED')
        throw new AppError('DEPOSIT_ALREADY_CREDITED', 409);
      if (uniqueViolation(error) === 'deposit_review_decisions_pkey')
        return replayOrRefuse(itemId, kind, staffId, wanted);
      throw error;
    }
  }

  return {
    /** Items waiting for staff, the longest waiting first, of one kind or all. */
    async queue(
      kind: DepositReviewKind | undefined,
      page: number,
      whole: boolean,
    ): Promise<DepositReviewQueueResponse> {
      const kinds = kind ? [kind] : DEPOSIT_REVIEW_KINDS;
      // NOTE: each kind's oldest page*PAGE, merged by age: the page's items are among them.
      const [lists, counts] = await Promise.all([
        Promise.all(
          kinds.map(async (one) =>
            (await sources[one].waiting(page * PAGE)).map((row) => ({ ...row, kind: one })),
          ),
        ),
        Promise.all(kinds.map((one) => sources[one].count())),
      ]);
      const merged = lists
        .flat()
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .slice((page - 1) * PAGE, page * PAGE);
      return { total: counts.reduce((sum, one) => sum + one, 0), items: await itemsOf(merged, whole) };
    },

    /**
     * Credits the item once, under the ledger key its automatic path would use; money in another
     * currency than the wallet's never (DEPOSIT_CURRENCY_MISMATCH).
     */
    credit: (
      itemId: string,
      staffId: number,
      note: string,
      amount: number | undefined,
      audit: DecisionAudit,
    ) => decide(itemId, staffId, { status: 'credited', note, amount }, audit),

    /** Refuses the item: no money moves; a slip's member reads SLIP_REFUSED_BY_STAFF. */
    refuse: (itemId: string, staffId: number, note: string, audit: DecisionAudit) =>
      decide(itemId, staffId, { status: 'refused', note }, audit),

    /** How many items wait for staff now (the console's live counts). */
    async countWaiting(): Promise<number> {
      const counts = await Promise.all(DEPOSIT_REVIEW_KINDS.map((kind) => sources[kind].count()));
      return counts.reduce((sum, one) => sum + one, 0);
    },
  };
}

export type DepositReviewsService = ReturnType<typeof createDepositReviewsService>;
