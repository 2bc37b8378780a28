import { z } from 'zod';
import { Amount, CURRENCIES, perCurrency } from '../money';
import { INT4_MAX } from './chat';
import { ADJUSTMENT_REASONS, type AdjustmentReason } from './statement';

/**
 * Manual balance adjustments with maker-checker (issue 27 part 4, decision 046). A staff member
 * (the maker) asks for money into or out of a member's wallet; up to the setting
 * `adjustmentApprovalOver` it is applied at once, above it a second staff member (the checker)
 * approves or rejects it. Money moves only through the ledger, against `operator:adjustment`.
 */

export { ADJUSTMENT_REASONS, type AdjustmentReason };

export const ADJUSTMENT_STATUSES = ['awaiting_approval', 'applied', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/**
 * Which way each member-facing reason may move money: a member must never read "Compensation"
 * on money taken from them, nor "Duplicate credit taken back" on money given.
 */
export const ADJUSTMENT_REASON_WAYS: Record<AdjustmentReason, 'in' | 'out' | 'both'> = {
  correction: 'both',
  game: 'both',
  compensation: 'in',
  duplicate: 'out',
};

/** Whether `reason` may be shown on an adjustment of this signed amount. */
export const reasonFits = (reason: AdjustmentReason, amount: number): boolean => {
  const way = ADJUSTMENT_REASON_WAYS[reason];
  return way === 'both' || (way === 'in' ? amount > 0 : amount < 0);
};

/** Signed minor units: + into the wallet, - out of it; never 0. */
export const SignedAmount = z
  .number()
  .int()
  .min(-Number.MAX_SAFE_INTEGER)
  .max(Number.MAX_SAFE_INTEGER)
  .refine((amount) => amount !== 0, 'INVALID_INPUT')
  .meta({ description: 'Signed integer minor units: + credits the wallet, - debits it; never 0.' });

/** A note staff write for one another (never shown to the member). */
const StaffNote = z.string().trim().min(1, 'FIELD_REQUIRED').max(500);

export const AdjustmentCreateRequest = z
  .object({
    memberId: z.number().int().positive().max(INT4_MAX),
    amount: SignedAmount,
    /** Why, for colleagues and the audit: required, never shown to the member. */
    reason: StaffNote,
    /** What the member reads in their statement (translated there); `correction` unless chosen. */
    memberReason: z.enum(ADJUSTMENT_REASONS).default('correction'),
  })
  .refine((body) => reasonFits(body.memberReason, body.amount), {
    message: 'ADJUSTMENT_REASON_DIRECTION',
    path: ['memberReason'],
  })
  .meta({ id: 'AdjustmentCreateRequest' });
export type AdjustmentCreateRequest = z.input<typeof AdjustmentCreateRequest>;

/** What create, approve and reject answer: where the adjustment stands now. */
export const AdjustmentAnswer = z
  .object({ id: z.number().int().positive(), status: z.enum(ADJUSTMENT_STATUSES) })
  .meta({ id: 'AdjustmentAnswer' });
export type AdjustmentAnswer = z.infer<typeof AdjustmentAnswer>;

export const AdjustmentParam = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

export const AdjustmentRejectRequest = z
  .object({ reason: StaffNote })
  .meta({ id: 'AdjustmentRejectRequest' });
export type AdjustmentRejectRequest = z.infer<typeof AdjustmentRejectRequest>;

export const AdjustmentListRequest = z.object({
  status: z.enum(ADJUSTMENT_STATUSES).default('awaiting_approval'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type AdjustmentListRequest = z.input<typeof AdjustmentListRequest>;

const StaffRef = z.object({ id: z.number().int(), username: z.string() });

export const ConsoleAdjustment = z
  .object({
    id: z.number().int().positive(),
    /** The member's username (phone) whole with members.personal, else its last 4 digits. */
    member: z.object({ id: z.number().int(), username: z.string() }),
    amount: z.number().int(),
    currency: z.enum(CURRENCIES),
    reason: z.string(),
    memberReason: z.enum(ADJUSTMENT_REASONS),
    status: z.enum(ADJUSTMENT_STATUSES),
    maker: StaffRef,
    /** Who approved or rejected it; null while it waits, and for one applied at once. */
    checker: StaffRef.nullable(),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
    /** The checker's note on a rejection. */
    rejectReason: z.string().nullable(),
  })
  .meta({ id: 'ConsoleAdjustment' });
export type ConsoleAdjustment = z.infer<typeof ConsoleAdjustment>;

export const AdjustmentListResponse = z
  .object({
    /** How many adjustments have this status. */
    total: z.number().int().nonnegative(),
    /** Waiting ones oldest first (the queue), decided ones newest first. */
    adjustments: z.array(ConsoleAdjustment),
    /**
     * The setting in force, per currency (decision 075): above the member's currency's figure
     * (minor units, either way, over 24 h per maker and member) a second staff member approves.
     */
    approvalOver: perCurrency(Amount),
  })
  .meta({ id: 'AdjustmentListResponse' });
export type AdjustmentListResponse = z.infer<typeof AdjustmentListResponse>;

/** PUT /api/console/settings/adjustments: adjustments above this (per currency) wait for approval. */
export const AdjustmentSettings = z
  .object({ approvalOver: perCurrency(Amount) })
  .meta({ id: 'AdjustmentSettings' });
export type AdjustmentSettings = z.infer<typeof AdjustmentSettings>;
