import { z } from 'zod';

/**
 * Risk flags the server computes for a member (issue 27, section 5; decision 051), shown on the
 * member and on the withdrawal queue; a flagged member's withdrawals are reviewed.
 */
export const RISK_FLAGS = [
  /** Another member registered the same bank account (its number without leading zeros). */
  'shared_bank_account',
  /** Another member's bank account has the same holder's name. */
  'shared_holder_name',
  /** Another member signed in from the same device. */
  'shared_device',
  /** Another member signed in from the same address. */
  'shared_address',
  /** Something above ties the member to their inviter or an invitee. */
  'invite_cluster',
  /** Withdrawing within a day of a deposit, with stakes under a fifth of it since. */
  'quick_cash_out',
  /** Used 80% or more of a play limit in each of its last three periods (issue 29). */
  'near_play_limit',
] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];

export const MemberRiskResponse = z
  .object({
    flags: z.array(z.enum(RISK_FLAGS)),
    /** The members the flags tie this one to (ids only: staff open them to see more). */
    linked: z.array(z.int()),
  })
  .meta({ id: 'MemberRiskResponse' });
export type MemberRiskResponse = z.infer<typeof MemberRiskResponse>;
