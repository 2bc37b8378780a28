import { z } from 'zod';
import { BonusBanner } from './bonus';
import { StatementRequest } from './statement';
import { GAME_CATEGORIES } from './wallet';
import { Amount, CURRENCIES } from '../money';
import { ERROR_CODES } from '../errors';

/**
 * Invite bonus and loss refund (spec sections 1, 2, 3, 4, 7 Invite and Refund, 8 and 9), answered
 * by the promotions module beside the bonus grant engine (docs/decisions/020). Both end as a grant
 * of the engine: the money reaches the wallet with a turnover to play, like a bonus.
 */

/** How invite commission is earned: a percent of each invitee deposit, or of their loss per day. */
export const INVITE_RULES = ['deposit', 'loss'] as const;
export type InviteRule = (typeof INVITE_RULES)[number];

/** How long one refund period runs. */
export const REFUND_PERIODS = ['day', 'week'] as const;
export type RefundPeriod = (typeof REFUND_PERIODS)[number];

/** Both tables page like the statement: 10 rows a page (spec section 9). */
export const RewardPageRequest = StatementRequest;
export type RewardPageRequest = z.infer<typeof RewardPageRequest>;

/** GET /api/invite/banners and GET /api/refund/banners (spec section 3, banner items). */
export const RewardBannersResponse = z
  .object({ banners: z.array(BonusBanner) })
  .meta({ id: 'RewardBannersResponse' });
export type RewardBannersResponse = z.infer<typeof RewardBannersResponse>;

/** One commission earned from an invitee (spec section 3, invite row). */
export const InviteRow = z
  .object({
    /** The invitee, by their display name. */
    from: z.object({ name: z.string() }),
    amount: Amount,
    createdAt: z.string(),
    /** Ours: what earned it, a deposit or a day's loss. */
    source: z.enum(INVITE_RULES),
  })
  .meta({ id: 'InviteRow' });
export type InviteRow = z.infer<typeof InviteRow>;

/** POST /api/invite {page, limit}: the commission earned, newest first. */
export const InviteListResponse = z
  .object({ total: z.number().int().nonnegative(), invites: z.array(InviteRow) })
  .meta({ id: 'InviteListResponse' });
export type InviteListResponse = z.infer<typeof InviteListResponse>;

/**
 * GET /api/invite/bonus (spec section 3, invite summary). `success` and `fail` are the terms of
 * the grant a claim makes (decision 020): the percent of the amount the member keeps once its
 * turnover is met, and the percent forfeited when it is cancelled before.
 */
export const InviteSummaryResponse = z
  .object({
    /** Claimable now (collected commission), in minor units of `currency`. */
    amount: Amount,
    success: z.number().int().min(0).max(100),
    fail: z.number().int().min(0).max(100),
    // Ours, for the dialog and the home widget:
    active: z.boolean(),
    currency: z.enum(CURRENCIES),
    /** The member's invite code (PR + profile id); the link is {origin}/register?code=... */
    inviteCode: z.string(),
    rule: z.enum(INVITE_RULES),
    /** Percent of each deposit, or of each day's net loss, of an invitee. */
    percent: z.number().min(0).max(100),
    /** The least a claim takes. */
    minimumClaim: Amount,
    /** The most commission one member earns in a day (0: no cap). */
    dailyCap: Amount,
    /** The claim's grant: turnover multiple of the amount before it may be withdrawn. */
    turnoverMultiple: z.number().int().min(0),
    /** Members who registered with this member's code. */
    invitees: z.number().int().nonnegative(),
    /** Everything earned so far. */
    earned: Amount,
  })
  .meta({ id: 'InviteSummaryResponse' });
export type InviteSummaryResponse = z.infer<typeof InviteSummaryResponse>;

/** POST /api/invite/claim (ours; the spec leaves this path open): the collected commission as a grant. */
export const InviteClaimResponse = z
  .object({ message: z.literal('INVITE_BONUS_SUCCESS'), credited: Amount })
  .meta({ id: 'InviteClaimResponse' });
export type InviteClaimResponse = z.infer<typeof InviteClaimResponse>;

/** One refund received into the refund balance (spec section 3, refund row). */
export const RefundRow = z
  .object({
    refundAmount: Amount,
    createdAt: z.string(),
    // Ours: the period it refunds and the loss it was worked out from.
    periodStart: z.string(),
    periodEnd: z.string(),
    loss: Amount,
  })
  .meta({ id: 'RefundRow' });
export type RefundRow = z.infer<typeof RefundRow>;

/** POST /api/refund {page, limit}: refunds received, newest first. */
export const RefundListResponse = z
  .object({ total: z.number().int().nonnegative(), refunds: z.array(RefundRow) })
  .meta({ id: 'RefundListResponse' });
export type RefundListResponse = z.infer<typeof RefundListResponse>;

/** Where the last closed period's refund stands. */
export const REFUND_STATES = ['ready', 'received', 'below_minimum', 'counting', 'none'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** The last closed period and its refund (ours: the `info` of the check). */
export const RefundInfo = z
  .object({
    period: z.enum(REFUND_PERIODS),
    periodStart: z.string(),
    periodEnd: z.string(),
    /** Net loss on eligible games, rounds played under a bonus left out. */
    loss: Amount,
    /** What the period refunds (0 when nothing). */
    amount: Amount,
    state: z.enum(REFUND_STATES),
    percent: z.number().min(0).max(100),
    /** The most one period refunds (0: no cap). */
    cap: Amount,
    /** A refund must be above this. */
    minimum: Amount,
    categories: z.array(z.enum(GAME_CATEGORIES)),
    /** When the current period closes (ISO). */
    nextCloseAt: z.string(),
  })
  .meta({ id: 'RefundInfo' });
export type RefundInfo = z.infer<typeof RefundInfo>;

/**
 * GET /api/refund/check (spec section 3, refund check result). `result`: the last period's refund
 * can be received now; `reason`: the code receive would answer otherwise. `refundAmount` is the
 * member's refund balance (received, not yet moved to the wallet). `refundSuccess`/`refundFail`
 * read as the invite summary's `success`/`fail` (decision 020).
 */
export const RefundCheckResponse = z
  .object({
    result: z.boolean(),
    /** A bonus (any grant) is running: receive and refund to wallet wait for it. */
    bonus: z.boolean(),
    info: RefundInfo.nullable(),
    refundAmount: Amount,
    refundSuccess: z.number().int().min(0).max(100),
    refundFail: z.number().int().min(0).max(100),
    reason: z.enum(ERROR_CODES).nullable(),
    active: z.boolean(),
    currency: z.enum(CURRENCIES),
    turnoverMultiple: z.number().int().min(0),
  })
  .meta({ id: 'RefundCheckResponse' });
export type RefundCheckResponse = z.infer<typeof RefundCheckResponse>;

/** GET /api/refund/receive: the last period's refund into the refund balance. */
export const RefundReceiveResponse = z
  .object({ message: z.literal('REFUND_SUCCESS'), received: Amount })
  .meta({ id: 'RefundReceiveResponse' });
export type RefundReceiveResponse = z.infer<typeof RefundReceiveResponse>;

/** GET /api/refund/addWallet: the refund balance into the wallet, as a grant with the refund terms. */
export const RefundAddWalletResponse = z
  .object({ message: z.literal('REFUND_SUCCESS'), credited: Amount })
  .meta({ id: 'RefundAddWalletResponse' });
export type RefundAddWalletResponse = z.infer<typeof RefundAddWalletResponse>;
