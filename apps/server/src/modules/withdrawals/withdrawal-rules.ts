import type { WithdrawalHoldReason, WithdrawalRules } from '@wallet/contract/http/console-withdrawals';
import type { Currency } from '@wallet/contract/money';

/**
 * Why a withdrawal must wait for a person under the rules staff set (issue 27, decision 045);
 * empty: it is paid at once. `paidBefore`: a withdrawal of the member's was ever paid or is being
 * paid automatically; `autoToday`: their automatic withdrawals of this market day. Amounts are
 * judged by the figure of the withdrawal's own currency (decision 075).
 */
export function reviewReasons(
  rules: WithdrawalRules,
  withdrawal: {
    amount: bigint;
    currency: Currency;
    autoToday: number;
    paidBefore: boolean;
    flags: readonly string[];
    tagged: boolean;
  },
): WithdrawalHoldReason[] {
  const reasons: WithdrawalHoldReason[] = [];
  if (withdrawal.amount > BigInt(rules.autoApproveMax[withdrawal.currency])) reasons.push('over_auto_max');
  if (withdrawal.autoToday >= rules.dailyAutoCount) reasons.push('daily_count');
  if (rules.reviewFirst && !withdrawal.paidBefore) reasons.push('first_withdrawal');
  // A member the server flagged (shared accounts or devices, a quick cash-out: decision 051).
  if (withdrawal.flags.some((flag) => (rules.reviewFlags as readonly string[]).includes(flag)))
    reasons.push('risk_flag');
  // A member carrying a tag staff chose to review.
  if (withdrawal.tagged) reasons.push('tag');
  return reasons;
}

/** Whether approving it takes two different staff members (over the currency's figure). */
export const needsTwoApprovals = (rules: WithdrawalRules, amount: bigint, currency: Currency): boolean =>
  amount > BigInt(rules.secondApprovalOver[currency]);
