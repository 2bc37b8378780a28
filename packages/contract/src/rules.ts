import { z } from 'zod';
import { ENGLISH_NAME_BANKS, type Market } from './constants';
import type { Currency } from './money';
import { normalizePhone } from './input';
import { normalizeAccountName } from './names';

/**
 * Rules of member input (spec section 5), each a zod schema whose failure message is an
 * error code, so the form shows the same message before sending as the server after.
 */

export { normalizePhone, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './input';
export { normalizeAccountName } from './names';

const THAI_PHONE = /^\d{10}$/;
/** Lao mobiles: 020 and 8 digits, or 030 and 7 digits. */
const LAO_PHONE = /^(020\d{8}|030\d{7})$/;

export function phoneRule(market: Market) {
  return z
    .string()
    .transform(normalizePhone)
    .pipe(
      market === 'LA'
        ? z.string().min(1, 'FIELD_REQUIRED').regex(LAO_PHONE, 'PHONE_NUMBER_INVALID')
        : z.string().min(1, 'FIELD_REQUIRED').regex(THAI_PHONE, 'PHONE_NUMBER_REQUIRE_10_DIGIT'),
    );
}

// The password being set (passwordRule, the common list) is in ./password-rule: only the screens
// that set one load the list.

export const profileNameRule = z.string().trim().min(1, 'FIELD_REQUIRED').max(60, 'INVALID_USER_INFO');

/**
 * Digits only, at most as many as any bank's numbers have; whether the number has its bank's
 * length is `bankAccountNoProblem`'s to say, as lengths come with the banks lookup.
 */
export const bankAccountNoRule = z
  .string()
  .transform(normalizePhone)
  .pipe(
    z
      .string()
      .min(1, 'FIELD_REQUIRED')
      .regex(/^\d{1,20}$/, 'BANK_ACCOUNT_NO_INVALID'),
  );

/**
 * Whether an account number (as typed) has one of its bank's lengths, in digits. A bank whose
 * lengths are not known (none listed) takes any number of digits the rule above takes.
 */
export function bankAccountNoProblem(
  lengths: readonly number[],
  accountNo: string,
): 'FIELD_REQUIRED' | 'BANK_ACCOUNT_NO_INVALID' | null {
  const digits = normalizePhone(accountNo);
  if (digits === '') return 'FIELD_REQUIRED';
  if (!/^\d{1,20}$/.test(digits)) return 'BANK_ACCOUNT_NO_INVALID';
  return lengths.length === 0 || lengths.includes(digits.length) ? null : 'BANK_ACCOUNT_NO_INVALID';
}

/**
 * What tells two numbers of one bank apart: their digits without leading zeros. A number typed
 * again with "0" or "00" before it is the same account (issue 25, decision 035).
 */
export const bankAccountNoKey = (accountNo: string): string =>
  accountNo.replace(/\D/g, '').replace(/^0+/, '');

const ENGLISH_NAME = /^[A-Z]+( [A-Z]+)*$/;
/** Thai, Lao or Latin letters (with their combining marks) and single spaces. */
const ANY_SCRIPT_NAME = /^[A-Z\u0E00-\u0E7F\u0E80-\u0EFF]+( [A-Z\u0E00-\u0E7F\u0E80-\u0EFF]+)*$/;

export const isEnglishName = (name: string): boolean => ENGLISH_NAME.test(normalizeAccountName(name));
export const needsEnglishName = (bankCode: string): boolean => ENGLISH_NAME_BANKS.includes(bankCode);

/** How many of the alphabets Latin, Thai and Lao a name uses. */
const alphabetsOf = (name: string): number =>
  [/[A-Z]/, /[\u0E00-\u0E7F]/, /[\u0E80-\u0EFF]/].filter((letters) => letters.test(name)).length;

/**
 * The name rule of an account at `bankCode`: English only at KTB, TMB and BBL; elsewhere Thai,
 * Lao or English letters, one alphabet for the whole name, as banks print it.
 */
export function accountNameProblem(
  bankCode: string,
  name: string,
):
  | 'FIELD_REQUIRED'
  | 'BANK_ACCOUNT_NAME_ENG'
  | 'BANK_ACCOUNT_NAME_INVALID'
  | 'BANK_ACCOUNT_NAME_MIXED'
  | null {
  const normalized = normalizeAccountName(name);
  if (normalized === '') return 'FIELD_REQUIRED';
  if (needsEnglishName(bankCode)) return ENGLISH_NAME.test(normalized) ? null : 'BANK_ACCOUNT_NAME_ENG';
  if (!ANY_SCRIPT_NAME.test(normalized)) return 'BANK_ACCOUNT_NAME_INVALID';
  return alphabetsOf(normalized) > 1 ? 'BANK_ACCOUNT_NAME_MIXED' : null;
}

/** The account name of the registration payload: first and last name joined by one space. */
export const joinAccountName = (firstName: string, lastName: string): string =>
  normalizeAccountName(`${firstName} ${lastName}`);

/** Invite codes are PR followed by the inviter's profile id. */
export const INVITE_CODE_PREFIX = 'PR';
export const inviteCodeOf = (profileId: string | number): string => `${INVITE_CODE_PREFIX}${profileId}`;
export function profileIdOfInviteCode(code: string): number | null {
  const match = /^PR(\d{1,12})$/.exec(code.trim().toUpperCase());
  return match ? Number(match[1]) : null;
}

/**
 * The currencies of the accounts a bank of this market holds for our members: a Thai bank's are in
 * baht; a Lao bank (BCEL among them) holds kip and baht accounts, so a member says which
 * (decision 069). The first is the one assumed when nothing is said.
 */
export const bankAccountCurrencies = (bankMarket: Market): readonly Currency[] =>
  bankMarket === 'LA' ? ['LAK', 'BAHT'] : ['BAHT'];

/**
 * Bank account numbers are shown 3-3-rest when they have 10 digits (spec section 9); 18 digits as
 * BCEL prints them, 010-12-00-xxxxxxxx-001 (issue 32 section 3).
 */
export function formatBankAccountNo(accountNo: string): string {
  if (/^\d{18}$/.test(accountNo)) {
    return [
      accountNo.slice(0, 3),
      accountNo.slice(3, 5),
      accountNo.slice(5, 7),
      accountNo.slice(7, 15),
      accountNo.slice(15),
    ].join('-');
  }
  return /^\d{10}$/.test(accountNo)
    ? `${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}`
    : accountNo;
}
