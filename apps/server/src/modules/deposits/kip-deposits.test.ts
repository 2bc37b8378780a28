import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrChannelsResponse, QrState, SlipStatementResponse } from '@wallet/contract/http/deposit';
import type { ProfileResponse } from '@wallet/contract/http/account';
import type { MemberContextResponse } from '@wallet/contract/http/console';
import type { DepositReviewQueueResponse } from '@wallet/contract/http/console-deposits';
import { bearer, login, post, registerMember, registration, verifyPhone } from '../../../test/members';
import { getAs, listen, moneyCall, walletOf } from '../../../test/money';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { emvCrc, emvFields } from '../../sandbox/payments/lao-qr';
import { sandboxPaymentOrders } from '../../sandbox/payments/sandbox-payments.tables';
import { rowsOf } from '../../platform/db/rows';
import { uploadSlip } from '../../../test/slip-images';

/**
 * Deposits on a server started with MARKET=LA (issue 32 section 2): a kip member deposits by a BCEL
 * slip and by the kip QR and is refused baht channels with their codes; a baht member in Laos does
 * the same in baht; a slip to our account of the other currency is kept for staff, never credited.
 */

/** The operator's accounts of the demo reference data. */
const BCEL_KIP_ACCOUNT = '0101100458723';
const SCB_BAHT_ACCOUNT = '4078823156';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ MARKET: 'LA' });
  await listen(test.app);
  const window = JSON.stringify({
    maxAgeMinutes: 60,
    closedFrom: null,
    closedTo: null,
    timeZone: 'Asia/Vientiane',
  });
  await test.database.db.execute(sql`update site_settings set value = ${window}::jsonb where key = 'slip'`);
});
afterAll(async () => test.close());

/** A Lao mobile no other test uses, as written at home. */
const laoPhone = () => `020${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
/** An 18-digit BCEL number written as older BCEL numbers are (010-12-00-xxxxxxxx-001). */
const bcelNumber = () => `010-12-00-${String(randomInt(0, 100_000_000)).padStart(8, '0')}-001`;

async function laoMember(currency: 'LAK' | 'BAHT', bankAccountCurrency?: 'LAK' | 'BAHT') {
  const typed = bcelNumber();
  const member = await registerMember(test.app, {
    username: laoPhone(),
    bankCode: 'BCEL',
    bankAccountNo: typed,
    bankAccountName: 'SOMSACK PHOMMA',
    currency,
    ...(bankAccountCurrency ? { bankAccountCurrency } : {}),
  });
  const token = await login(test.app, member.username, member.password);
  return {
    id: Number(member.id),
    token,
    password: member.password,
    username: member.username,
    accountNo: typed.replace(/-/g, ''),
  };
}

async function bankSlip(order: {
  fromBankCode: string;
  fromAccountNo: string;
  toBankCode?: string;
  toAccountNo: string;
  amount: number;
  currency?: 'LAK' | 'BAHT';
}) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/sandbox/bank/transfer',
    payload: order,
    headers: memberHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { png: response.rawPayload, transRef: String(response.headers['x-trans-ref']) };
}

const upload = (token: string, file: Buffer) => uploadSlip(test.app, token, file);

const channelsOf = async (token: string) =>
  (await getAs(test.app, token, '/api/qrcode'))
    .json<QrChannelsResponse>()
    .channels.map((one) => one.provider);

const openQr = async (token: string, provider: string, amount: number) => {
  const response = await moneyCall(test.app, token, `/api/qrcode/${provider}`, { amount });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QrState>();
};

const payQr = async (qrcodeId: string) => {
  const response = await test.app.inject({
    method: 'POST',
    url: `/api/sandbox/qrcode/${qrcodeId}/pay`,
    headers: memberHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<{ webhookStatus: number }>().webhookStatus).toBe(200);
};

describe('a kip member in Laos', () => {
  it('signs in with +856, registered with an 18-digit BCEL number recorded in kip', async () => {
    const kip = await laoMember('LAK');
    const international = `+856 20 ${kip.username.slice(3, 7)} ${kip.username.slice(7)}`;
    expect(await login(test.app, international, kip.password)).toBeTruthy();
    // A code asked for with +856 goes to the number as written at home.
    const phone = laoPhone();
    const sent = await post(test.app, '/api/otp/send', { phoneNumber: `+856${phone.slice(1)}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const outbox = await test.app.inject({
      url: `/api/sandbox/sms?phone=${phone}`,
      headers: memberHeaders(),
    });
    expect(outbox.json<{ messages: unknown[] }>().messages).toHaveLength(1);
    const profile = (await getAs(test.app, kip.token, '/api/account/profile')).json<ProfileResponse>();
    expect(profile.profile.username).toBe(kip.username);
    expect(profile.bankAccount).toMatchObject({ bankAccountNo: kip.accountNo, currency: 'LAK' });
    expect(kip.accountNo).toHaveLength(18);
  });

  it('deposits ₭500,000 by a BCEL slip to the kip account', async () => {
    const kip = await laoMember('LAK');
    const slip = await bankSlip({
      fromBankCode: 'BCEL',
      fromAccountNo: kip.accountNo,
      toAccountNo: BCEL_KIP_ACCOUNT,
      amount: 500_000_00,
    });
    const response = await upload(kip.token, slip.png);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'SUCCESS', amount: 500_000_00 });
    expect((await walletOf(test.app, kip.token)).wallet).toBe(500_000_00);
  });

  it('is offered only the kip QR, which pays an EMVCo code in LAK and credits by its webhook', async () => {
    const kip = await laoMember('LAK');
    expect(await channelsOf(kip.token)).toEqual(['LAOQR']);
    const state = await openQr(kip.token, 'LAOQR', 50_000_00);
    expect(state).toMatchObject({ hasQrcode: true, amount: 50_000_00 });
    expect(state.qrcode).toContain('<svg');

    const [order] = await test.database.db
      .select({ payload: sandboxPaymentOrders.payload })
      .from(sandboxPaymentOrders)
      .where(eq(sandboxPaymentOrders.reference, state.qrcodeId!));
    const fields = emvFields(order!.payload);
    expect(fields.get('01')).toBe('12');
    expect(fields.get('53')).toBe('418');
    expect(fields.get('54')).toBe('50000');
    expect(fields.get('58')).toBe('LA');
    expect(emvFields(fields.get('38')!).get('00')).toBe('A005266284662577');
    expect(fields.get('63')).toBe(emvCrc(order!.payload.slice(0, -4)));

    await payQr(state.qrcodeId!);
    expect((await walletOf(test.app, kip.token)).wallet).toBe(50_000_00);
  });

  it('is refused the Thai QR channels and the gift link with their codes, before any amount counts', async () => {
    const kip = await laoMember('LAK');
    expect(await openQr(kip.token, 'KBANK', 1_000)).toMatchObject({
      hasQrcode: false,
      message: 'CURRENCY_NOT_ACCEPTED',
    });
    // Below KBANK's minimum as well: the currency is what refuses it.
    expect((await openQr(kip.token, 'WW', 100)).message).toBe('CURRENCY_NOT_ACCEPTED');
    const voucher = await test.app.inject({
      method: 'POST',
      url: '/api/sandbox/voucher',
      payload: { amount: 10_000 },
      headers: memberHeaders(),
    });
    const gift = await moneyCall(test.app, kip.token, '/api/wallet/truelink', {
      link: voucher.json<{ link: string }>().link,
    });
    expect(gift.json()).toMatchObject({ message: 'CURRENCY_NOT_ACCEPTED' });
    expect((await walletOf(test.app, kip.token)).wallet).toBe(0);
  });

  it('keeps a slip to the baht account for staff, with its code, and nothing credited', async () => {
    const kip = await laoMember('LAK');
    const slip = await bankSlip({
      fromBankCode: 'BCEL',
      fromAccountNo: kip.accountNo,
      toBankCode: 'SCB',
      toAccountNo: SCB_BAHT_ACCOUNT,
      amount: 20_000,
      currency: 'BAHT',
    });
    const response = await upload(kip.token, slip.png);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'DEST_ACC_TAKES_BAHT' });
    expect((await walletOf(test.app, kip.token)).wallet).toBe(0);

    const listed = (
      await test.app.inject({
        method: 'POST',
        url: '/api/statement/slip',
        payload: { page: 1, limit: 10 },
        headers: memberHeaders(bearer(kip.token)),
      })
    ).json<SlipStatementResponse>();
    expect(listed.slips[0]).toMatchObject({ status: 'REVIEW', note: 'DEST_ACC_TAKES_BAHT', amount: 20_000 });
    const [row] = await rowsOf<{ id: string; currency: string }>(
      test.database.db,
      sql`select id::text, currency from slip_uploads where member_id = ${kip.id}`,
    );
    expect(row!.currency).toBe('BAHT');

    // In staff's queue with both currencies, but baht is never credited to a kip wallet, with or
    // without an amount (decision 078): its own code, nothing moved, nothing audited as a credit.
    const finance = await createStaffAndSignIn(test, { role: 'finance' });
    const item = `slip:${row!.id}`;
    const queue = await staffCall(test.app, finance.token, 'GET', '/api/console/deposits/reviews?kind=slip');
    expect(queue.json<DepositReviewQueueResponse>().items.find((one) => one.id === item)).toMatchObject({
      currency: 'BAHT',
      walletCurrency: 'LAK',
      paid: 20_000,
    });
    const url = `/api/console/deposits/reviews/${item}`;
    for (const body of [{ note: 'x' }, { note: 'x', amount: 20_000 }]) {
      const credit = await staffCall(test.app, finance.token, 'POST', `${url}/credit`, body);
      expect(credit.statusCode).toBe(409);
      expect(credit.json()).toEqual({ message: 'DEPOSIT_CURRENCY_MISMATCH' });
    }
    expect((await walletOf(test.app, kip.token)).wallet).toBe(0);
    const audited = () =>
      rowsOf<{ action: string; detail: Record<string, unknown> }>(
        test.database.db,
        sql`select action, detail from staff_audit where detail ->> 'item' = ${item} order by seq`,
      );
    expect(await audited()).toEqual([]);

    // Refused, with the currencies in the audit's before and after; the member reads the refusal.
    const refused = await staffCall(test.app, finance.token, 'POST', `${url}/refuse`, {
      note: 'Baht to the baht account; returned to BCEL',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', amount: null, currency: 'BAHT' });
    const rows = await audited();
    expect(rows.map((one) => one.action)).toEqual(['deposit.refuse']);
    expect(rows[0]!.detail).toMatchObject({
      before: 'REVIEW',
      after: 'refused',
      currency: 'BAHT',
      walletCurrency: 'LAK',
      amount: null,
      ledgerKey: null,
    });
    const after = await test.app.inject({
      method: 'POST',
      url: '/api/statement/slip',
      payload: { page: 1, limit: 10 },
      headers: memberHeaders(bearer(kip.token)),
    });
    expect(after.json<SlipStatementResponse>().slips[0]).toMatchObject({
      status: 'FAILED',
      note: 'SLIP_REFUSED_BY_STAFF',
    });
    expect((await walletOf(test.app, kip.token)).wallet).toBe(0);
  });
});

describe('a baht member in Laos', () => {
  it('sees the Thai QR channels only and is refused the kip QR with its code', async () => {
    const baht = await laoMember('BAHT', 'BAHT');
    expect(await channelsOf(baht.token)).toEqual(['KBANK', 'WW', 'PAYONEX', 'PAYTIMZ', 'FP']);
    expect(await openQr(baht.token, 'LAOQR', 5_000_000)).toMatchObject({
      hasQrcode: false,
      message: 'CURRENCY_NOT_ACCEPTED_KIP',
    });
    const state = await openQr(baht.token, 'KBANK', 50_000);
    await payQr(state.qrcodeId!);
    expect((await walletOf(test.app, baht.token)).wallet).toBe(50_000);
  });

  it('deposits baht from a BCEL baht account to the baht account, and is refused at the kip one', async () => {
    const baht = await laoMember('BAHT', 'BAHT');
    const toBaht = await bankSlip({
      fromBankCode: 'BCEL',
      fromAccountNo: baht.accountNo,
      toBankCode: 'SCB',
      toAccountNo: SCB_BAHT_ACCOUNT,
      amount: 30_000,
      currency: 'BAHT',
    });
    expect((await upload(baht.token, toBaht.png)).json()).toMatchObject({
      status: 'SUCCESS',
      amount: 30_000,
    });
    const toKip = await bankSlip({
      fromBankCode: 'BCEL',
      fromAccountNo: baht.accountNo,
      toAccountNo: BCEL_KIP_ACCOUNT,
      amount: 100_000_00,
    });
    expect((await upload(baht.token, toKip.png)).json()).toMatchObject({ message: 'DEST_ACC_TAKES_KIP' });
    expect((await walletOf(test.app, baht.token)).wallet).toBe(30_000);
  });

  it('is never paid out to a registered account in kip: refused before any hold', async () => {
    const baht = await laoMember('BAHT', 'LAK');
    const profile = (await getAs(test.app, baht.token, '/api/account/profile')).json<ProfileResponse>();
    expect(profile.bankAccount.currency).toBe('LAK');
    expect(
      (await moneyCall(test.app, baht.token, '/api/sandbox/credit', { amount: 200_000 })).statusCode,
    ).toBe(200);
    const refused = await moneyCall(test.app, baht.token, '/api/wallet/withdraw', { amount: 100_000 });
    expect(refused.json()).toMatchObject({ message: 'BANK_ACCOUNT_CURRENCY_MISMATCH' });
    expect((await walletOf(test.app, baht.token)).wallet).toBe(200_000);
  });

  it('gets the currency of an account staff register for them: baht at a Thai bank, the wallet’s at a Lao one', async () => {
    const kip = await laoMember('LAK');
    const staff = { id: 1, ip: '127.0.0.1', userAgent: 'test' };
    const accounts = test.services.accounts;
    await accounts.changeBankByStaff(
      kip.id,
      {
        bankCode: 'SCB',
        accountNo: `4${String(randomInt(0, 1e9)).padStart(9, '0')}`,
        accountName: 'SOMSACK PHOMMA',
      },
      staff,
    );
    let profile = (await getAs(test.app, kip.token, '/api/account/profile')).json<ProfileResponse>();
    expect(profile.bankAccount.currency).toBe('BAHT');
    expect(
      (await moneyCall(test.app, kip.token, '/api/sandbox/credit', { amount: 2_000_000_00 })).statusCode,
    ).toBe(200);
    const refused = await moneyCall(test.app, kip.token, '/api/wallet/withdraw', { amount: 100_000 });
    expect(refused.json()).toMatchObject({ message: 'BANK_ACCOUNT_CURRENCY_MISMATCH' });
    await expect(
      accounts.changeBankByStaff(
        kip.id,
        { bankCode: 'SCB', accountNo: '4999999999', accountName: 'SOMSACK PHOMMA', currency: 'LAK' },
        staff,
      ),
    ).rejects.toThrow('CURRENCY_INVALID');
    await accounts.changeBankByStaff(
      kip.id,
      { bankCode: 'BCEL', accountNo: kip.accountNo, accountName: 'SOMSACK PHOMMA' },
      staff,
    );
    profile = (await getAs(test.app, kip.token, '/api/account/profile')).json<ProfileResponse>();
    expect(profile.bankAccount.currency).toBe('LAK');
    expect((await walletOf(test.app, kip.token)).wallet).toBe(2_000_000_00);
  });

  it('lets staff set the account’s currency where the bank offers it, audited before and after', async () => {
    const kip = await laoMember('LAK');
    const finance = await createStaffAndSignIn(test, { role: 'finance' });
    const url = `/api/console/members/${kip.id}/bank`;
    const audits = () =>
      rowsOf<{ detail: { before: { currency: string }; after: { currency: string } } }>(
        test.database.db,
        sql`select detail from staff_audit where action = 'member.bank' and target = ${`member:${kip.id}`}`,
      );
    const body = { bankAccountName: 'SOMSACK PHOMMA', reason: 'Member asked' };
    // A Thai bank holds no kip accounts: refused as at registration, nothing changed or audited.
    const thai = { ...body, bankCode: 'SCB', bankAccountNo: '4999999991', currency: 'LAK' };
    const refused = await staffCall(test.app, finance.token, 'PUT', url, thai);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'CURRENCY_INVALID' });
    expect(await audits()).toEqual([]);

    const bcel = { ...body, bankCode: 'BCEL', bankAccountNo: kip.accountNo, currency: 'BAHT' };
    const changed = await staffCall(test.app, finance.token, 'PUT', url, bcel);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ bankCode: 'BCEL', currency: 'BAHT' });
    const [audit] = await audits();
    expect(audit!.detail.before).toMatchObject({ bankCode: 'BCEL', currency: 'LAK' });
    expect(audit!.detail.after).toMatchObject({ bankCode: 'BCEL', currency: 'BAHT' });
    const context = await staffCall(test.app, finance.token, 'GET', `/api/console/members/${kip.id}/context`);
    expect(context.json<MemberContextResponse>().member.bank).toMatchObject({ currency: 'BAHT' });
  });

  it('registers a BCEL account in the wallet currency when it says none, and refuses a baht Thai-bank account in kip', async () => {
    const baht = await laoMember('BAHT');
    const profile = (await getAs(test.app, baht.token, '/api/account/profile')).json<ProfileResponse>();
    expect(profile.bankAccount.currency).toBe('BAHT');
    const phone = laoPhone();
    const refused = await post(test.app, '/api/account', {
      ...registration({ username: phone, bankCode: 'SCB', currency: 'LAK' }),
      bankAccountCurrency: 'LAK',
      otpToken: await verifyPhone(test.app, phone),
    });
    expect(refused.json()).toMatchObject({ message: 'CURRENCY_INVALID' });
  });
});
