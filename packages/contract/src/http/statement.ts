import { z } from 'zod';
import { Amount } from '../money';

/** Statement (spec sections 3 and 7, Statement): a view over the ledger, newest first. */

/**
 * `luckydraw` (ours): a spin-wheel prize paid to the wallet (decision 021). `adjustment` (ours): a
 * balance correction by staff, in or out of the wallet (decision 046).
 */
export const STATEMENT_TYPES = [
  'deposit',
  'bonus',
  'finish_bonus',
  'withdraw',
  'transfer',
  'luckydraw',
  'adjustment',
] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

/**
 * What a member reads on a balance adjustment (decision 046): staff pick one of these fixed
 * reasons, translated by the member site; their own note stays among staff.
 */
export const ADJUSTMENT_REASONS = ['correction', 'game', 'compensation', 'duplicate'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** SUCCESS and FAILED are final; PENDING is shown as in progress. */
export const STATEMENT_STATUSES = ['SUCCESS', 'FAILED', 'PENDING'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const StatementRequest = z
  .object({
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(50).default(10),
  })
  .meta({ id: 'StatementRequest' });
export type StatementRequest = z.infer<typeof StatementRequest>;

/**
 * The statement's own request: a page of every movement, or of one type only. NOTE: the slip
 * and reward lists page with StatementRequest itself, which has no type to filter by.
 */
export const StatementListRequest = StatementRequest.extend({
  type: z.enum(STATEMENT_TYPES).optional(),
}).meta({ id: 'StatementListRequest' });
export type StatementListRequest = z.infer<typeof StatementListRequest>;

const detail = z.object({ description: z.string() }).optional();

export const StatementRow = z
  .object({
    id: z.string(),
    statementType: z.enum(STATEMENT_TYPES),
    status: z.enum(STATEMENT_STATUSES),
    /** `wallet`, a game code, `bank` (deposit or withdrawal) or `operator` (sandbox credit, bonus). */
    from: z.string(),
    to: z.string(),
    amount: Amount,
    createdAt: z.string(),
    bonus: detail,
    promotion: detail,
    invite: detail,
    refund: detail,
    luckydraw: detail,
    /** A withdrawal staff refused: why, in the member's language (decision 045). */
    refusal: detail,
    /** A balance adjustment's reason (statementType `adjustment`); `to` is `wallet` for money in. */
    adjustment: z.object({ reason: z.enum(ADJUSTMENT_REASONS) }).optional(),
    /**
     * The wallet's balance right after this movement reached or left it, read from the ledger's
     * entry (decision 071); null when it did not change the wallet: refused (FAILED), or money from
     * a game not arrived yet. Left out by an answer from before it (shown as no balance).
     */
    balanceAfter: z.nullable(Amount).optional(),
    /** A withdrawal: the bank account it was sent to (its receipt, decision 071). */
    bank: z.object({ code: z.string(), accountNo: z.string() }).optional(),
  })
  .meta({ id: 'StatementRow' });
export type StatementRow = z.infer<typeof StatementRow>;

export const StatementResponse = z
  .object({ total: z.number().int().nonnegative(), statements: z.array(StatementRow) })
  .meta({ id: 'StatementResponse' });
export type StatementResponse = z.infer<typeof StatementResponse>;
