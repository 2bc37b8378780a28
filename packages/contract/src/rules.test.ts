import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { bankStepSchema, ChangePasswordRequest, registerRequestSchema } from './http/account';
import {
  accountNameProblem,
  bankAccountNoKey,
  bankAccountNoProblem,
  bankAccountNoRule,
  formatBankAccountNo,
  joinAccountName,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  phoneRule,
  profileIdOfInviteCode,
} from './rules';
import { passwordRule } from './password-rule';

const codeOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('phone rule', () => {
  it('takes exactly 10 digits in Thailand, spaces and dashes aside', () => {
    expect(phoneRule('TH').parse('081-234 5678')).toBe('0812345678');
    expect(codeOf(phoneRule('TH').safeParse('081234567'))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(codeOf(phoneRule('TH').safeParse('08123456789'))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(codeOf(phoneRule('TH').safeParse('08123456a8'))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(codeOf(phoneRule('TH').safeParse(''))).toBe('FIELD_REQUIRED');
  });

  it('takes a Lao mobile number in Lao mode', () => {
    expect(phoneRule('LA').parse('020 5512 3456')).toBe('02055123456');
    expect(phoneRule('LA').parse('0305512345')).toBe('0305512345');
    expect(codeOf(phoneRule('LA').safeParse('0812345678'))).toBe('PHONE_NUMBER_INVALID');
    // With the country code, as Lao numbers are often written (issue 32 section 3).
    expect(phoneRule('LA').parse('+856 20 5512 3456')).toBe('02055123456');
    expect(phoneRule('LA').parse('+85630-551-2345')).toBe('0305512345');
    expect(phoneRule('TH').parse('+66 81 234 5678')).toBe('0812345678');
    expect(codeOf(phoneRule('LA').safeParse('+856 21 551 234'))).toBe('PHONE_NUMBER_INVALID');
    // Only a phone's plus sign is read as a country code: account numbers keep their digits.
    expect(bankAccountNoRule.parse('0085620123456')).toBe('0085620123456');
  });
});

describe('bank account names', () => {
  it('joins first and last name with one space, upper case', () => {
    expect(joinAccountName('  somchai ', ' jaidee  ')).toBe('SOMCHAI JAIDEE');
  });

  it('wants English letters only at KTB, TMB and BBL', () => {
    for (const bank of ['KTB', 'TMB', 'BBL']) {
      expect(accountNameProblem(bank, 'somchai jaidee')).toBeNull();
      expect(accountNameProblem(bank, 'สมชาย ใจดี')).toBe('BANK_ACCOUNT_NAME_ENG');
      expect(accountNameProblem(bank, 'SOMCHAI J4IDEE')).toBe('BANK_ACCOUNT_NAME_ENG');
    }
    expect(accountNameProblem('SCB', 'สมชาย ใจดี')).toBeNull();
    expect(accountNameProblem('BCEL', 'ສົມສັກ ພົມມະ')).toBeNull();
    expect(accountNameProblem('SCB', 'SOMCHAI <b>')).toBe('BANK_ACCOUNT_NAME_INVALID');
    expect(accountNameProblem('SCB', '   ')).toBe('FIELD_REQUIRED');
  });

  it('refuses a name that mixes Thai or Lao letters with English ones (issue 16)', () => {
    for (const bank of ['KTB', 'TMB', 'BBL']) {
      expect(accountNameProblem(bank, 'SOMCHAI ใจดี')).toBe('BANK_ACCOUNT_NAME_ENG');
      expect(accountNameProblem(bank, 'สมชายJAIDEE')).toBe('BANK_ACCOUNT_NAME_ENG');
    }
    expect(accountNameProblem('SCB', 'SOMCHAI ใจดี')).toBe('BANK_ACCOUNT_NAME_MIXED');
    expect(accountNameProblem('SCB', 'สมชายJAIDEE')).toBe('BANK_ACCOUNT_NAME_MIXED');
    expect(accountNameProblem('BCEL', 'ສົມສັກ PHOMMA')).toBe('BANK_ACCOUNT_NAME_MIXED');
    expect(accountNameProblem('SCB', 'SOMCHAI JAIDEE')).toBeNull();
  });

  it('reports the name rule on the bank step', () => {
    const result = bankStepSchema.safeParse({
      bankCode: 'KTB',
      bankAccountNo: '1234567890',
      bankAccountName: 'สมชาย ใจดี',
    });
    expect(codeOf(result)).toBe('BANK_ACCOUNT_NAME_ENG');
    const bad = bankStepSchema.safeParse({ bankCode: 'SCB', bankAccountNo: '12a45', bankAccountName: 'A B' });
    expect(codeOf(bad)).toBe('BANK_ACCOUNT_NO_INVALID');
  });
});

describe('bank account numbers (issue 25)', () => {
  it("takes only the bank's own lengths: no 0 or 00 before a 10-digit number", () => {
    expect(bankAccountNoProblem([10], '123-456-7890')).toBeNull();
    expect(bankAccountNoProblem([10], '01234567890')).toBe('BANK_ACCOUNT_NO_INVALID');
    expect(bankAccountNoProblem([10], '001234567890')).toBe('BANK_ACCOUNT_NO_INVALID');
    expect(bankAccountNoProblem([10], '123456789')).toBe('BANK_ACCOUNT_NO_INVALID');
    expect(bankAccountNoProblem([12], '020012345678')).toBeNull();
    expect(bankAccountNoProblem([13, 18], '010120001234567001')).toBeNull();
    expect(bankAccountNoProblem([10], '12345678a0')).toBe('BANK_ACCOUNT_NO_INVALID');
    expect(bankAccountNoProblem([10], ' ')).toBe('FIELD_REQUIRED');
  });

  it('compares numbers without their leading zeros', () => {
    expect(bankAccountNoKey('001234567890')).toBe(bankAccountNoKey('1234567890'));
    expect(bankAccountNoKey('0123-456-789')).toBe('123456789');
    expect(bankAccountNoKey('1234567890')).not.toBe(bankAccountNoKey('1234567891'));
    expect(bankAccountNoKey('000')).toBe('');
  });
});

describe('registration payload', () => {
  const valid = {
    name: 'Somchai',
    username: '0812345678',
    password: 'secret-1',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountNo: '1234567890',
    bankAccountName: 'somchai jaidee',
    currency: 'BAHT',
  };

  it('accepts a good payload and normalises it', () => {
    const parsed = registerRequestSchema('TH').parse({ ...valid, inviteCode: 'pr12' });
    expect(parsed.bankAccountName).toBe('SOMCHAI JAIDEE');
    expect(parsed.inviteCode).toBe('PR12');
  });

  it('offers kip only in Lao mode', () => {
    expect(codeOf(registerRequestSchema('TH').safeParse({ ...valid, currency: 'LAK' }))).toBe(
      'CURRENCY_INVALID',
    );
    expect(
      registerRequestSchema('LA').safeParse({ ...valid, username: '02055123456', currency: 'LAK' }).success,
    ).toBe(true);
  });

  it('refuses a malformed inviter code, a short password and a common one', () => {
    expect(codeOf(registerRequestSchema('TH').safeParse({ ...valid, inviteCode: 'FRIEND1' }))).toBe(
      'INVITE_CODE_INVALID',
    );
    expect(codeOf(registerRequestSchema('TH').safeParse({ ...valid, password: '123' }))).toBe(
      'PASSWORD_LENGTH',
    );
    expect(codeOf(registerRequestSchema('TH').safeParse({ ...valid, password: '12345678' }))).toBe(
      'PASSWORD_TOO_COMMON',
    );
  });
});

describe('passwords', () => {
  it('takes 8 to 64 characters', () => {
    expect(passwordRule.safeParse('wallet7').success).toBe(false);
    expect(passwordRule.safeParse('wallet-7').success).toBe(true);
    expect(passwordRule.safeParse('w'.repeat(65)).success).toBe(false);
  });

  it('refuses the common ones, whatever their case', () => {
    for (const common of ['password', 'iloveyou', 'Password1', 'QWERTYUIOP', '1q2w3e4r5t']) {
      expect(codeOf(passwordRule.safeParse(common)), common).toBe('PASSWORD_TOO_COMMON');
    }
    expect(codeOf(ChangePasswordRequest.safeParse({ oldPassword: 'x', newPassword: 'sunshine' }))).toBe(
      'PASSWORD_TOO_COMMON',
    );
  });

  it('refuses a new password that is the current one, on the new password (issue 16)', () => {
    const same = ChangePasswordRequest.safeParse({ oldPassword: 'Wallet-9321', newPassword: 'Wallet-9321' });
    expect(same.success ? null : same.error.issues[0]).toMatchObject({
      message: 'PASSWORD_SAME_AS_OLD',
      path: ['newPassword'],
    });
    expect(
      ChangePasswordRequest.safeParse({ oldPassword: 'Wallet-9321', newPassword: 'Wallet-9322' }).success,
    ).toBe(true);
  });

  it('bundles the most used passwords that the length rule lets through, and only those', () => {
    const listed = COMMON_PASSWORDS.split('\n').filter(Boolean);
    expect(listed.length).toBeGreaterThan(3000);
    expect(listed.every((p) => p.length >= PASSWORD_MIN_LENGTH && p.length <= PASSWORD_MAX_LENGTH)).toBe(
      true,
    );
    expect(listed.every((p) => p === p.toLowerCase())).toBe(true);
  });
});

describe('display helpers', () => {
  it('shows 10-digit account numbers 3-3-rest', () => {
    expect(formatBankAccountNo('1234567890')).toBe('123-456-7890');
    expect(formatBankAccountNo('1234567890123')).toBe('1234567890123');
    expect(formatBankAccountNo('010120012345678001')).toBe('010-12-00-12345678-001');
  });

  it('reads invite codes', () => {
    expect(profileIdOfInviteCode('PR100042')).toBe(100042);
    expect(profileIdOfInviteCode('pr7')).toBe(7);
    expect(profileIdOfInviteCode('XX7')).toBeNull();
  });
});
