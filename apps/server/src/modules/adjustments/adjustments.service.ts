import type {
  AdjustmentAnswer,
  AdjustmentCreateRequest,
  AdjustmentListResponse,
  AdjustmentSettings,
  AdjustmentStatus,
  ConsoleAdjustment,
} from '@wallet/contract/http/adjustment';
import type { AdjustmentReason } from '@wallet/contract/http/statement';
import type { Currency } from '@wallet/contract/money';
import type { Database } from '../../platform/db/database';
import { AppError, fail } from '../../platform/errors';
import { lastFour } from '../console/member-context.service';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import { createAdjustmentsRepository, type AdjustmentRow, type Executor } from './adjustments.repository';

/** Writes the action's audit row in the action's own transaction (it commits with the money). */
export type AuditIn = (
  tx: Pick<Database, 'execute'>,
  action: string,
  target: string,
  detail: Record<string, unknown>,
) => Promise<void>;

/** The staff member acting, and how their audit rows are written. */
export interface Actor {
  staffId: number;
  audit: AuditIn;
}

export interface AdjustmentsServiceOptions {
  db: Database;
  ledger: LedgerService;
  /** The member's wallet currency; NO_USER (404) for no such member. */
  currencyOf: (memberId: number) => Promise<Currency>;
  /** Members' usernames by id (the console's lists; accounts' member-names). */
  membersOf: (memberIds: number[]) => Promise<Map<number, { username: string }>>;
  /** Staff usernames by id (console's staff-names). */
  staffNamesOf: (staffIds: number[]) => Promise<Map<number, string>>;
  /**
   * Tells the staff chat of an adjustment made or decided (decision 045's notices); a failure to
   * tell is logged, never the adjustment's.
   */
  tell?: (adjustment: {
    id: number;
    memberId: number;
    amount: bigint;
    currency: string;
    status: string;
    staffId: number;
  }) => Promise<void>;
  /** The setting `adjustmentApprovalOver` (site_settings, read at each request: no cache to go stale). */
  approvalOver: () => Promise<AdjustmentSettings>;
  /** Replaces it; `alongside` runs in the same transaction with the value it had. */
  setApprovalOver: (
    value: AdjustmentSettings,
    alongside: (tx: Pick<Database, 'execute'>, before: AdjustmentSettings) => Promise<void>,
  ) => Promise<AdjustmentSettings>;
}

/** The create body once the contract parsed it (`memberReason` defaulted). */
type CreateInput = Required<AdjustmentCreateRequest> & { memberReason: AdjustmentReason };

/** The ledger key of an adjustment's one movement: the same adjustment never moves money twice. */
export const adjustmentKey = (id: number) => `adjustment:${id}`;
/**
 * An adjustment's audit rows name its member, as every money-desk row does: the audit screen's
 * member filter (`target = 'member:<id>'`, decision 048) finds them; the adjustment is in `detail`.
 */
const target = (row: AdjustmentRow) => `member:${row.memberId}`;
const answerOf = (row: AdjustmentRow): AdjustmentAnswer => ({ id: row.id, status: row.status });
const abs = (value: bigint) => (value < 0n ? -value : value);

/**
 * Manual balance adjustments with maker-checker (issue 27 part 4, decision 046): a maker asks,
 * up to the setting it is applied at once, above it a second staff member approves or rejects.
 * Money moves only through the ledger (`operator:adjustment` against the member's wallet), in the
 * same transaction as the row's move to `applied` and its audit row.
 */
export function createAdjustmentsService(options: AdjustmentsServiceOptions) {
  const { ledger } = options;
  const repository = createAdjustmentsRepository(options.db);

  /** The accounts a movement needs, opened before its transaction (the ledger asks so). */
  async function openAccounts(memberId: number, currency: string) {
    await ledger.openAccount(accountKey.wallet(memberId), currency);
    await ledger.openAccount(accountKey.operator('adjustment', currency), currency, { allowNegative: true });
  }

  /**
   * The adjustment's ledger transfer, in `tx`; answers the wallet before and after it (read under
   * the wallet's lock, which the transfer holds until `tx` ends). A debit the wallet cannot carry
   * is refused by the ledger (wallets never go below zero): ADJUSTMENT_BELOW_ZERO.
   */
  async function move(tx: Executor, row: AdjustmentRow) {
    const wallet = accountKey.wallet(row.memberId);
    const operator = accountKey.operator('adjustment', row.currency);
    const credit = row.amount > 0n;
    await ledger.transferIn(tx, {
      idempotencyKey: adjustmentKey(row.id),
      debit: credit ? operator : wallet,
      credit: credit ? wallet : operator,
      amount: abs(row.amount),
      kind: 'adjustment',
      metadata: {
        memberId: row.memberId,
        adjustment: row.id,
        statement: {
          type: 'adjustment',
          from: credit ? 'operator' : 'wallet',
          to: credit ? 'wallet' : 'operator',
          adjustment: { reason: row.memberReason },
        },
      },
    });
    const after = await ledger.lockedBalance(tx, wallet);
    return { before: Number(after - row.amount), after: Number(after) };
  }

  /** The ledger's refusal of an overdraft, as staff read it. */
  async function refusingOverdraft<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH') fail('ADJUSTMENT_BELOW_ZERO', 409);
      throw error;
    }
  }

  /** The same request again answers where it stands; another request under the key is refused. */
  function replay(row: AdjustmentRow, input: CreateInput): AdjustmentAnswer {
    const same =
      row.memberId === input.memberId &&
      row.amount === BigInt(input.amount) &&
      row.reason === input.reason &&
      row.memberReason === input.memberReason;
    if (!same) fail('IDEMPOTENCY_KEY_REUSED', 409);
    return answerOf(row);
  }

  /** The row after a decision that did not happen: the one that did, or why not. */
  async function decidedAlready(id: number, wanted: 'applied' | 'rejected'): Promise<AdjustmentAnswer> {
    const row = await repository.byId(id);
    if (!row) return fail('ADJUSTMENT_NOT_FOUND', 404);
    // Pressed twice, or by two staff at once: the decision that won is the answer.
    if (row.status === wanted) return answerOf(row);
    return fail('ADJUSTMENT_DECIDED', 409);
  }

  async function adjustmentOf(id: number): Promise<AdjustmentRow> {
    const row = await repository.byId(id);
    return row ?? fail('ADJUSTMENT_NOT_FOUND', 404);
  }

  async function tellOf(
    row: { id: number; memberId: number; amount: bigint; currency: string; status: string },
    staffId: number,
  ) {
    await options
      .tell?.({
        id: row.id,
        memberId: row.memberId,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        staffId,
      })
      .catch(() => undefined);
  }

  const service = {
    /**
     * A maker's request, once per Idempotency-Key: applied at once while what the maker moved alone
     * on this member in 24 hours stays within the setting, else it waits for a second staff member. A debit the wallet cannot carry now is refused at once, and again
     * at approval if the wallet has dropped since.
     */
    async create(input: CreateInput, requestKey: string, actor: Actor): Promise<AdjustmentAnswer> {
      const currency = await options.currencyOf(input.memberId);
      const earlier = await repository.byRequest(actor.staffId, requestKey);
      if (earlier) return replay(earlier, input);
      const amount = BigInt(input.amount);
      const { approvalOver } = await options.approvalOver();
      await openAccounts(input.memberId, currency);
      const made = await refusingOverdraft(() =>
        repository.transaction(async (tx) => {
          // The threshold holds for what the maker moves alone on this member in a day, not for
          // each request: ten just under it are one large one split (decision 074).
          const movedAlone = await repository.movedAloneToday(tx, actor.staffId, input.memberId);
          const awaits = movedAlone + abs(amount) > BigInt(approvalOver[currency]);
          if (
            awaits &&
            amount < 0n &&
            (await ledger.balanceOrZero(accountKey.wallet(input.memberId))) < -amount
          ) {
            fail('ADJUSTMENT_BELOW_ZERO', 409);
          }
          const row = await repository.insert(tx, {
            memberId: input.memberId,
            currency,
            amount,
            memberReason: input.memberReason,
            reason: input.reason,
            status: awaits ? 'awaiting_approval' : 'applied',
            makerId: actor.staffId,
            requestKey,
            decidedAt: awaits ? null : new Date(),
          });
          if (!row) return null;
          const wallet = awaits ? null : await move(tx, row);
          await actor.audit(tx, 'adjustment.create', target(row), {
            adjustment: row.id,
            member: row.memberId,
            amount: input.amount,
            currency,
            reason: row.reason,
            memberReason: row.memberReason,
            // The member's currency's figure, the one judged by (decision 075).
            approvalOver: approvalOver[currency],
            movedAlone: Number(movedAlone),
            status: { before: null, after: row.status },
            ...(wallet ? { wallet } : {}),
          });
          return row;
        }),
      );
      if (made) {
        await tellOf(made, actor.staffId);
        return answerOf(made);
      }
      // A copy under the same key committed first: answer as it stands.
      const copy = await repository.byRequest(actor.staffId, requestKey);
      if (!copy) throw new Error('adjustments: a request key was taken and is gone');
      return replay(copy, input);
    },

    /** A checker's approval: the money moves once, whoever presses and however often. */
    async approve(id: number, actor: Actor): Promise<AdjustmentAnswer> {
      const found = await adjustmentOf(id);
      if (found.makerId === actor.staffId) fail('STAFF_SAME_PERSON', 403);
      await openAccounts(found.memberId, found.currency);
      const decided = await refusingOverdraft(() =>
        repository.transaction(async (tx) => {
          const row = await repository.decide(tx, id, {
            status: 'applied',
            checkerId: actor.staffId,
            rejectReason: null,
          });
          if (!row) return null;
          const wallet = await move(tx, row);
          await actor.audit(tx, 'adjustment.approve', target(row), {
            adjustment: row.id,
            member: row.memberId,
            amount: Number(row.amount),
            currency: row.currency,
            maker: row.makerId,
            status: { before: 'awaiting_approval', after: 'applied' },
            wallet,
          });
          return row;
        }),
      );
      if (decided) await tellOf(decided, actor.staffId);
      return decided ? answerOf(decided) : decidedAlready(id, 'applied');
    },

    /** A rejection (the maker may withdraw their own): nothing moves. */
    async reject(id: number, reason: string, actor: Actor): Promise<AdjustmentAnswer> {
      await adjustmentOf(id);
      const decided = await repository.transaction(async (tx) => {
        const row = await repository.decide(tx, id, {
          status: 'rejected',
          checkerId: actor.staffId,
          rejectReason: reason,
        });
        if (!row) return null;
        await actor.audit(tx, 'adjustment.reject', target(row), {
          adjustment: row.id,
          member: row.memberId,
          amount: Number(row.amount),
          currency: row.currency,
          maker: row.makerId,
          reason,
          status: { before: 'awaiting_approval', after: 'rejected' },
        });
        return row;
      });
      return decided ? answerOf(decided) : decidedAlready(id, 'rejected');
    },

    /** A page of one status, with the members' usernames whole or by their last 4 digits. */
    async list(
      query: { status: AdjustmentStatus; page: number; limit: number },
      wholeUsernames: boolean,
    ): Promise<AdjustmentListResponse> {
      const [{ rows, total }, { approvalOver }] = await Promise.all([
        repository.list(query.status, (query.page - 1) * query.limit, query.limit),
        options.approvalOver(),
      ]);
      const [members, staffNames] = await Promise.all([
        options.membersOf([...new Set(rows.map((row) => row.memberId))]),
        options.staffNamesOf([
          ...new Set(rows.flatMap((row) => [row.makerId, ...(row.checkerId ? [row.checkerId] : [])])),
        ]),
      ]);
      const shown = wholeUsernames ? (value: string) => value : lastFour;
      const staff = (id: number) => ({ id, username: staffNames.get(id) ?? `#${id}` });
      const adjustments = rows.map((row): ConsoleAdjustment => ({
        id: row.id,
        member: { id: row.memberId, username: shown(members.get(row.memberId)?.username ?? '') },
        amount: Number(row.amount),
        currency: row.currency as Currency,
        reason: row.reason,
        memberReason: row.memberReason,
        status: row.status,
        maker: staff(row.makerId),
        checker: row.checkerId === null ? null : staff(row.checkerId),
        createdAt: row.createdAt.toISOString(),
        decidedAt: row.decidedAt?.toISOString() ?? null,
        rejectReason: row.rejectReason,
      }));
      return { total, adjustments, approvalOver };
    },

    /** How many adjustments wait for a checker ("staff are told when work waits"). */
    countAwaiting: () => repository.countAwaiting(),

    settings: () => options.approvalOver(),

    /** Changes the threshold; its audit row (before → after) commits with it. */
    async setSettings(value: AdjustmentSettings, actor: Actor): Promise<AdjustmentSettings> {
      await options.setApprovalOver(value, (tx, before) =>
        actor.audit(tx, 'settings.adjustments', 'setting:adjustmentApprovalOver', {
          approvalOver: { before: before.approvalOver, after: value.approvalOver },
        }),
      );
      return { approvalOver: value.approvalOver };
    },
  };
  return service;
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
