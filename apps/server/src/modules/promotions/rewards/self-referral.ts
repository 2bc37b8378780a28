import { bankAccountNoKey, normalizeAccountName } from '@wallet/contract/rules';
import type { Referrals } from './rewards.service';

/** Titles a holder's name may start with, with or without a space after (นายสมชาย is one word). */
const TITLE = /^(นางสาว|นาง|นาย|ท้าว|ນາງສາວ|ນາງ|ທ້າວ|MRS|MR|MS|MISS)\.?\s*/u;

/**
 * Names compared for self-referral: as a reader reads them (decision 035: Thai and Lao spellings
 * that look the same, invisible characters, case and spaces), and a title does not make another
 * person. Rows stored before the rule are normalised here too.
 */
export function sameName(a: string, b: string): boolean {
  const plain = (name: string) => normalizeAccountName(name).replace(TITLE, '').replace(/ /g, '');
  return plain(a) !== '' && plain(a) === plain(b);
}

/**
 * Why an invitee's events earn their inviter nothing (decision 020), or null: the same member,
 * the same bank account (its number without leading zeros, decision 035), or the same holder.
 */
export async function selfReferralOf(
  referrals: Pick<Referrals, 'bankOf'>,
  inviteeId: number,
  inviterId: number,
) {
  if (inviteeId === inviterId) return 'same_member' as const;
  const [invitee, inviter] = await Promise.all([referrals.bankOf(inviteeId), referrals.bankOf(inviterId)]);
  if (!invitee || !inviter) return 'same_member' as const;
  if (
    invitee.bankCode === inviter.bankCode &&
    bankAccountNoKey(invitee.accountNo) === bankAccountNoKey(inviter.accountNo)
  )
    return 'same_bank_account' as const;
  if (sameName(invitee.accountName, inviter.accountName)) return 'same_account_name' as const;
  return null;
}
