import { accountKey } from '../../ledger/ledger.service';
import type { GrantRow } from './grants.repository';

/** A grant's two ledger movements: their keys, accounts and statement lines (decision 019). */

/** The keys a grant's two kinds of movement are made under: each once, whoever makes it. */
export const grantKeys = {
  credit: (grantId: number) => `grant:${grantId}:credit`,
  close: (grantId: number) => `grant:${grantId}:close`,
};

/**
 * Where a grant's credit comes from: an offer's from the operator's bonus account; a program's
 * from what the member collected (invite commission) or received (refunds), decision 020.
 */
export function creditSourceOf(grant: Pick<GrantRow, 'memberId' | 'currency' | 'program'>): string {
  if (grant.program === 'invite') return accountKey.invite(grant.memberId);
  if (grant.program === 'refund') return accountKey.refund(grant.memberId);
  if (grant.program === 'prize') return accountKey.prize(grant.memberId);
  return accountKey.operator('bonus', grant.currency);
}

/** Where a grant's take-back goes: the operator account its money came from in the end. */
export const takeBackAccountOf = (grant: Pick<GrantRow, 'currency' | 'program'>) =>
  accountKey.operator(grant.program ?? 'bonus', grant.currency);

/** How the statement shows a grant's movement: its offer named in each language. */
export function statementOf(type: 'bonus' | 'finish_bonus', grant: GrantRow) {
  const { channel, code, names } = grant.terms;
  return {
    type,
    from: type === 'bonus' ? channel : 'wallet',
    to: type === 'bonus' ? 'wallet' : channel,
    detail: { kind: channel, code, names, grantId: grant.id },
  };
}
