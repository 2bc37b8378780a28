import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import {
  bearer,
  login,
  post,
  randomAccountNo,
  randomPhone,
  registerMember,
  registration,
  verifyPhone,
} from '../../../test/members';
import { createAccountsRepository } from './accounts.repository';
import { hashPassword } from './password';

type Reply = { statusCode: number; json: () => unknown };
const failure = (response: Reply) => [response.statusCode, (response.json() as { message?: string }).message];

/**
 * Issue 25: one SCB account registered three times, as its number and as "0" and "00" before
 * it (the rule took 10 to 15 digits at any bank). Numbers now have their bank's lengths and are
 * compared without leading zeros (decision 035).
 */
describe('bank account numbers: one account, one member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = async (path: '/api/account' | '/api/account/validate', change: object) => {
    const phone = randomPhone();
    const otpToken = await verifyPhone(t.app, phone);
    return failure(await post(t.app, path, registration({ username: phone, otpToken, ...change })));
  };

  it("refuses an SCB number typed again with 0 or 00 before it: not the bank's length", async () => {
    const member = await registerMember(t.app, { bankCode: 'SCB' });
    for (const path of ['/api/account', '/api/account/validate'] as const) {
      for (const padded of [`0${member.bankAccountNo}`, `00${member.bankAccountNo}`])
        expect(await attempt(path, { bankCode: 'SCB', bankAccountNo: padded })).toEqual([
          400,
          'BANK_ACCOUNT_NO_INVALID',
        ]);
    }
  });

  it("takes each bank's own lengths: 12 digits at GSB and BAAC, 10 at KTB", async () => {
    const twelve = `${randomAccountNo()}12`;
    expect(
      await attempt('/api/account/validate', { bankCode: 'GSB', bankAccountNo: randomAccountNo() }),
    ).toEqual([400, 'BANK_ACCOUNT_NO_INVALID']);
    expect(await attempt('/api/account/validate', { bankCode: 'KTB', bankAccountNo: twelve })).toEqual([
      400,
      'BANK_ACCOUNT_NO_INVALID',
    ]);
    await registerMember(t.app, { bankCode: 'BAAC', bankAccountNo: twelve });
    const banks = (await t.app.inject({ url: '/api/lookup/banks', headers: memberHeaders() })).json<{
      banks: { code: string; accountNoLengths: number[] }[];
    }>().banks;
    expect(banks.find((bank) => bank.code === 'GSB')?.accountNoLengths).toEqual([12]);
    expect(banks.find((bank) => bank.code === 'SCB')?.accountNoLengths).toEqual([10]);
    expect(banks.every((bank) => bank.accountNoLengths.length > 0)).toBe(true);
  });

  it('catches a number registered before the rule with zeros before it, both ways round', async () => {
    const repository = createAccountsRepository(t.database.db);
    const accountNo = randomAccountNo();
    // A row of the kind the abuse left behind: "00" + an SCB number, registered under the old rule.
    const old = await repository.createMember(
      {
        username: randomPhone(),
        name: 'Old',
        passwordHash: await hashPassword('secret-1'),
        sourceCode: 'FACEBOOK',
        currency: 'BAHT',
      },
      { bankCode: 'SCB', accountNo: `00${accountNo}`, accountName: 'SOMCHAI JAIDEE', currency: 'BAHT' },
      {
        actorType: 'staff',
        actorId: 'import',
        field: 'bankAccount',
        newValue: 'SCB',
        clientAddress: 'import',
      },
    );
    expect(old).not.toBeNull();
    expect(await attempt('/api/account/validate', { bankCode: 'SCB', bankAccountNo: accountNo })).toEqual([
      409,
      'EXISTING_BANK',
    ]);
    expect(await attempt('/api/account', { bankCode: 'SCB', bankAccountNo: accountNo })).toEqual([
      409,
      'EXISTING_BANK',
    ]);
    // The repository refuses it too, so a registration that passed the check a moment before cannot.
    const again = await repository.createMember(
      {
        username: randomPhone(),
        name: 'Again',
        passwordHash: await hashPassword('secret-1'),
        sourceCode: 'FACEBOOK',
        currency: 'BAHT',
      },
      { bankCode: 'SCB', accountNo, accountName: 'SOMCHAI JAIDEE', currency: 'BAHT' },
      {
        actorType: 'staff',
        actorId: 'import',
        field: 'bankAccount',
        newValue: 'SCB',
        clientAddress: 'import',
      },
    );
    expect(again).toBeNull();
  });

  it('takes the registered number with or without its zeros on a profile edit, and no other', async () => {
    const member = await registerMember(t.app);
    const token = await login(t.app, member.username, member.password);
    const edit = (bankAccountNo: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        payload: { name: 'Somchai', bankCode: 'SCB', bankAccountNo },
        headers: memberHeaders(bearer(token)),
      });
    expect((await edit(member.bankAccountNo)).statusCode).toBe(200);
    expect((await edit(`0${member.bankAccountNo}`)).statusCode).toBe(200);
    expect(failure(await edit(randomAccountNo()))).toEqual([403, 'BANK_CHANGE_BY_STAFF_ONLY']);
  });
});
