import { z } from 'zod';
import { Amount, CURRENCIES, perCurrency } from '../money';
import { RISK_FLAGS, type RiskFlag } from './console-risk';
import { MemberTag } from './console-member-actions';

/**
 * The risk flags that send a member's withdrawals to review unless staff choose otherwise: all but
 * a shared address, which mobile networks give many honest members at once (decision 051).
 */
export const DEFAULT_REVIEW_FLAGS: RiskFlag[] = [
  'shared_bank_account',
  'shared_holder_name',
  'shared_device',
  'invite_cluster',
  'quick_cash_out',
];

/**
 * The console's withdrawal desk (issue 27, docs/decisions/045): the rules that send a withdrawal
 * to review, the review queue, and staff's decisions on it.
 */

/**
 * The rules, as staff with `settings.manage` set them. The amounts are staff's thresholds with a
 * value per currency (decision 075), each in its currency's minor units: a kip withdrawal is
 * judged by the kip figure.
 */
export const WithdrawalRules = z
  .object({
    /** The largest withdrawal paid without review. */
    autoApproveMax: perCurrency(Amount),
    /** Withdrawals per member per market day paid without review; later ones are reviewed. */
    dailyAutoCount: z.int().min(0).max(1000),
    /** A member's first withdrawal is always reviewed. */
    reviewFirst: z.boolean(),
    /** Above this, an approval needs two different staff members. */
    secondApprovalOver: perCurrency(Amount),
    /** A member with any of these risk flags has their withdrawals reviewed. */
    reviewFlags: z.array(z.enum(RISK_FLAGS)).default(DEFAULT_REVIEW_FLAGS),
    /** A member with any of these tags (given by staff) has their withdrawals reviewed. */
    reviewTags: z.array(MemberTag).max(20).default([]),
  })
  .meta({ id: 'WithdrawalRules' });
export type WithdrawalRules = z.infer<typeof WithdrawalRules>;

/** Why a withdrawal waits for a person. */
export const WITHDRAWAL_HOLD_REASONS = [
  'over_auto_max',
  'daily_count',
  'first_withdrawal',
  'risk_flag',
  'tag',
] as const;
export type WithdrawalHoldReason = (typeof WITHDRAWAL_HOLD_REASONS)[number];

/**
 * Why staff refused a withdrawal, as the member reads it (translated by the server into the
 * statement's detail); staff add a note of their own for colleagues.
 */
export const WITHDRAWAL_REFUSALS = [
  'bank_details',
  'play_conditions',
  'verification',
  'duplicate',
  'other',
] as const;
export type WithdrawalRefusal = (typeof WITHDRAWAL_REFUSALS)[number];

/** review: waits for staff; approved and rejected: decided (approved is paid out). */
export const WITHDRAWAL_REVIEW_STATES = ['review', 'approved', 'rejected'] as const;

// NOTE: no id: a querystring's schema is inlined into its parameters by the API document.
export const WithdrawalQueueQuery = z.object({
  status: z.enum(WITHDRAWAL_REVIEW_STATES).default('review'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const WithdrawalParam = z.object({ withdrawalId: z.string().min(1).max(200) });

const StaffRef = z.object({ id: z.int(), username: z.string() });

export const WithdrawalReviewItem = z
  .object({
    /** The withdrawal's reference (its ledger hold key). */
    id: z.string(),
    member: z.object({ id: z.int(), username: z.string(), name: z.string() }),
    amount: Amount,
    currency: z.enum(CURRENCIES),
    /** The bank account it is paid to (number masked without members.personal). */
    bank: z.object({ code: z.string(), accountNo: z.string() }),
    createdAt: z.iso.datetime(),
    heldFor: z.array(z.enum(WITHDRAWAL_HOLD_REASONS)),
    /** The member's risk flags when it was asked (decision 051). */
    flags: z.array(z.enum(RISK_FLAGS)),
    status: z.enum(WITHDRAWAL_REVIEW_STATES),
    /** Two different staff members must approve it (amount over secondApprovalOver). */
    needsTwo: z.boolean(),
    /** The first of two approvals, when given. */
    firstApproval: StaffRef.extend({ at: z.iso.datetime() }).nullable(),
    /** A colleague working on it now (their lease), or null. */
    claim: StaffRef.extend({ until: z.iso.datetime() }).nullable(),
    decision: z
      .object({
        by: StaffRef,
        at: z.iso.datetime(),
        refusal: z.enum(WITHDRAWAL_REFUSALS).nullable(),
        note: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'WithdrawalReviewItem' });
export type WithdrawalReviewItem = z.infer<typeof WithdrawalReviewItem>;

export const WithdrawalQueueResponse = z
  .object({ total: z.int().nonnegative(), items: z.array(WithdrawalReviewItem) })
  .meta({ id: 'WithdrawalQueueResponse' });
export type WithdrawalQueueResponse = z.infer<typeof WithdrawalQueueResponse>;

export const WithdrawalApproveRequest = z
  .object({ note: z.string().trim().max(500).optional() })
  .meta({ id: 'WithdrawalApproveRequest' });

export const WithdrawalRejectRequest = z
  .object({
    /** What the member is told, translated. */
    reason: z.enum(WITHDRAWAL_REFUSALS),
    /** For colleagues only: shown in the console as text, never to the member. */
    note: z.string().trim().max(500).optional(),
  })
  .meta({ id: 'WithdrawalRejectRequest' });
export type WithdrawalRejectRequest = z.infer<typeof WithdrawalRejectRequest>;
