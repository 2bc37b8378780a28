import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteCodeCheckResponse } from '@wallet/contract/http/account';
import type { QrState, SlipStatementResponse } from '@wallet/contract/http/deposit';
import type { WithdrawRequest } from '@wallet/contract/http/wallet';
import type { PaymentEvent } from '../src/adapters/payment-provider/payment-provider';
import { qrPayments } from '../src/modules/deposits/deposits.tables';
import { rowsOf } from '../src/platform/db/rows';
import { bearer, login, registerMember } from './members';
import { activate, booksAreSound, getAs, listen, moneyCall, walletOf } from './money';
import { createTestApp, memberHeaders, type TestApp } from './test-app';
import { uploadSlip } from './slip-images';
import { sendWebhook } from './webhooks';

/**
 * The break-it review of issue 32 (kip as a currency of its own; decisions 067-069) and of
 * POST /api/account/invite-code, on a server started with MARKET=LA. Each test is a way we tried
 * to break them; those that broke were fixed (SENDER_ACC_OTHER_CURRENCY, withdrawAll's order).
 */

/** Minor units (att) of a whole number of kip. */
const kip = (whole: number) => whole * 100;
const BCEL_KIP_ACCOUNT = '0101100458723';
const SCB_BAHT_ACCOUNT = '4078823156';
const SECRET = 'breakit-kip-secret';
/** Form calls one address may make here (registrations of this file come from 127.0.0.1). */
const FORM_LIMIT = 120;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    MARKET: 'LA',
    SANDBOX_PAYOUT_DELAY_SECONDS: '0',
    PAYMENT_WEBHOOK_SECRET: SECRET,
    FORM_LIMIT_PER_ADDRESS: String(FORM_LIMIT),
  });
  await listen(t.app);
  const window = JSON.stringify({
    maxAgeMinutes: 60,
    closedFrom: null,
    closedTo: null,
    timeZone: 'Asia/Vientiane',
  });
  await t.database.db.execute(sql`update site_settings set value = ${window}::jsonb where key = 'slip'`);
});
afterAll(() => t?.close());

async function laoMember(currency: 'LAK' | 'BAHT', bankAccountCurrency?: 'LAK' | 'BAHT') {
  const accountNo = `101${String(randomInt(0, 1e10)).padStart(10, '0')}`;
  const member = await registerMember(t.app, {
    username: `020${String(randomInt(0, 1e8)).padStart(8, '0')}`,
    bankCode: 'BCEL',
    bankAccountNo: accountNo,
    bankAccountName: 'SOMSACK PHOMMA',
    currency,
    ...(bankAccountCurrency ? { bankAccountCurrency } : {}),
  });
  return { id: Number(member.id), accountNo, token: await login(t.app, member.username, member.password) };
}

const fund = async (token: string, amount: number) =>
  expect((await moneyCall(t.app, token, '/api/sandbox/credit', { amount })).statusCode).toBe(200);

async function bankSlip(order: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/bank/transfer',
    payload: order,
    headers: memberHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

const upload = (token: string, file: Buffer) => uploadSlip(t.app, token, file);

const openQr = async (token: string, amount: unknown, provider = 'LAOQR') =>
  moneyCall(t.app, token, `/api/qrcode/${provider}`, { amount });

const webhook = (event: PaymentEvent) => sendWebhook(t.app, SECRET, event);

const paidEvent = (qrcodeId: string, amount: number, eventId = randomUUID()): PaymentEvent => ({
  eventId,
  reference: qrcodeId,
  provider: 'LAOQR',
  status: 'PAID',
  amount,
  occurredAt: new Date().toISOString(),
});

describe('a slip from the member’s own account of another currency (decision 069)', () => {
  it.each([
    {
      what: 'a baht wallet’s BCEL kip account, ₭1,000,000 to the baht account',
      wallet: 'BAHT' as const,
      account: 'LAK' as const,
      transfer: { toBankCode: 'SCB', toAccountNo: SCB_BAHT_ACCOUNT, amount: kip(1_000_000) },
    },
    {
      what: 'a kip wallet’s BCEL baht account, ฿1,000 to the kip account',
      wallet: 'LAK' as const,
      account: 'BAHT' as const,
      transfer: { toAccountNo: BCEL_KIP_ACCOUNT, amount: 100_000, currency: 'BAHT' },
    },
    {
      // The account declared baht at registration, nothing checks it: the verifier tells the money's.
      what: 'a baht wallet’s BCEL account said to be baht, ₭1,000,000 paid in kip to the baht account',
      wallet: 'BAHT' as const,
      account: 'BAHT' as const,
      paidIn: 'LAK' as const,
      transfer: { toBankCode: 'SCB', toAccountNo: SCB_BAHT_ACCOUNT, amount: kip(1_000_000), currency: 'LAK' },
    },
  ])('credits nothing for $what: kept for staff, who cannot credit it', async (attack) => {
    const paidIn = 'paidIn' in attack ? attack.paidIn : attack.account;
    const member = await laoMember(attack.wallet, attack.account);
    const png = await bankSlip({ fromBankCode: 'BCEL', fromAccountNo: member.accountNo, ...attack.transfer });
    const refused = await upload(member.token, png);
    // Before the fix: 200 SUCCESS, ₭1,000,000 credited as ฿1,000,000 (600 times the money).
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({ message: 'SENDER_ACC_OTHER_CURRENCY' });
    expect((await walletOf(t.app, member.token)).wallet).toBe(0);
    const [row] = await rowsOf<{ id: string; status: string; currency: string }>(
      t.database.db,
      sql`select id::text, status, currency from slip_uploads where member_id = ${member.id}`,
    );
    expect(row).toMatchObject({ status: 'REVIEW', currency: paidIn });
    // The member's slip list says the money in its own currency, not the wallet's.
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/statement/slip',
      payload: { page: 1, limit: 10 },
      headers: memberHeaders(bearer(member.token)),
    });
    expect(listed.json<SlipStatementResponse>().slips).toEqual([
      expect.objectContaining({
        status: 'REVIEW',
        note: 'SENDER_ACC_OTHER_CURRENCY',
        amount: attack.transfer.amount,
        currency: paidIn,
      }),
    ]);
    // In staff's queue, but no amount of it can be credited: the verifier named no currency.
    for (const amount of [undefined, 100_000]) {
      await expect(
        t.services.depositReviews.credit(`slip:${row!.id}`, 1, 'x', amount, async () => {}),
      ).rejects.toThrow('DEPOSIT_CURRENCY_MISMATCH');
    }
    expect((await walletOf(t.app, member.token)).wallet).toBe(0);
  });
});

describe('withdrawals to an account of the other currency', () => {
  it('refuses withdrawAll before the sweep: the games’ money stays where it is', async () => {
    const member = await laoMember('BAHT', 'LAK');
    await fund(member.token, 200_000);
    await activate(t.app, member.token, 'JOKER');
    const moved = await moneyCall(t.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 150_000,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const body = { amount: 100_000 } as WithdrawRequest;
    const refused = await moneyCall(t.app, member.token, '/api/wallet/withdrawAll', body);
    expect(refused.json()).toEqual({ message: 'BANK_ACCOUNT_CURRENCY_MISMATCH' });
    // Before the fix the sweep ran first: the game's ฿1,500 was back in the wallet.
    const after = await walletOf(t.app, member.token);
    expect([after.wallet, after.game('JOKER')]).toEqual([50_000, 150_000]);
  });
});

describe('kip amounts at the edges', () => {
  it('judges kip withdrawals at each limit in att, and keeps the books whole at ₭30,000,000', async () => {
    const member = await laoMember('LAK');
    await fund(member.token, kip(31_000_000));
    const withdraw = (amount: number) => moneyCall(t.app, member.token, '/api/wallet/withdraw', { amount });
    expect((await withdraw(kip(50_000) - 1)).json()).toEqual({ message: 'WITHDRAW_MINIMUM' });
    expect((await withdraw(kip(30_000_000) + 1)).json()).toEqual({ message: 'WITHDRAW_MAXIMUM' });
    // Past 2^31 att: no 32-bit figure anywhere on the way (routing, hold, payout).
    const largest = await withdraw(kip(30_000_000));
    expect([200, 202], largest.body).toContain(largest.statusCode);
    const smallest = await withdraw(kip(50_000));
    expect([200, 202], smallest.body).toContain(smallest.statusCode);
    expect((await walletOf(t.app, member.token)).wallet).toBe(kip(950_000));
  });

  it('refuses amounts that are not safe integers of att, changing nothing', async () => {
    const member = await laoMember('LAK');
    await fund(member.token, kip(100_000));
    for (const amount of [2 ** 53, 2 ** 53 + 2, 1e21, 5_000_000.5, -kip(60_000), '5000000', null]) {
      for (const url of ['/api/wallet/withdraw', '/api/qrcode/LAOQR']) {
        const refused = await moneyCall(t.app, member.token, url, { amount });
        expect(refused.statusCode, `${url} ${String(amount)}`).toBe(400);
      }
      const moved = await moneyCall(t.app, member.token, '/api/wallet/transfer', {
        from: 'wallet',
        to: 'JOKER',
        amount,
      });
      expect(moved.statusCode).toBe(400);
    }
    expect((await walletOf(t.app, member.token)).wallet).toBe(kip(100_000));
    const open = await t.database.db.select().from(qrPayments).where(eq(qrPayments.memberId, member.id));
    expect(open).toEqual([]);
  });

  it('opens the kip QR from its kip minimum to its kip maximum, and no further', async () => {
    const member = await laoMember('LAK');
    const { channels } = (await getAs(t.app, member.token, '/api/qrcode')).json<{
      channels: { provider: string; minDeposit: number }[];
    }>();
    const minimum = channels.find((one) => one.provider === 'LAOQR')!.minDeposit;
    expect((await openQr(member.token, minimum - 1)).json<QrState>().message).toBe('QR_MINIMUM');
    expect((await openQr(member.token, kip(20_000_000) + 1)).json<QrState>().message).toBe('QR_MAXIMUM');
    const largest = (await openQr(member.token, kip(20_000_000))).json<QrState>();
    expect(largest).toMatchObject({ hasQrcode: true, amount: kip(20_000_000) });
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/qrcode/${largest.qrcodeId}`,
      headers: memberHeaders(bearer(member.token)),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await openQr(member.token, minimum)).json<QrState>()).toMatchObject({ amount: minimum });
  });
});

describe('the kip QR’s webhook', () => {
  it('credits a replayed payment once, holds another amount for staff, and takes no event of another channel', async () => {
    const member = await laoMember('LAK');
    const state = (await openQr(member.token, kip(100_000))).json<QrState>();
    const qrcodeId = state.qrcodeId!;
    // The Thai channels' events name another provider: no QR of theirs has this id.
    const wrong = await webhook({ ...paidEvent(qrcodeId, kip(100_000)), provider: 'KBANK' });
    expect(wrong.statusCode).toBe(404);
    // Paid with less than the QR asks: nothing credited, held for staff.
    expect((await webhook(paidEvent(qrcodeId, kip(10_000)))).json()).toMatchObject({ outcome: 'review' });
    expect((await walletOf(t.app, member.token)).wallet).toBe(0);
    const event = paidEvent(qrcodeId, kip(100_000));
    const [first, again, copy] = await Promise.all([
      webhook(event),
      webhook(event),
      webhook({ ...event, eventId: randomUUID() }),
    ]);
    for (const answer of [first, again, copy]) expect(answer.statusCode, answer.body).toBe(200);
    expect((await walletOf(t.app, member.token)).wallet).toBe(kip(100_000));
  });

  it('opens one QR for two requests at once, and no member reads or cancels another’s', async () => {
    const member = await laoMember('LAK');
    const [one, two] = await Promise.all([
      openQr(member.token, kip(30_000)),
      openQr(member.token, kip(40_000)),
    ]);
    const states = [one.json<QrState>(), two.json<QrState>()];
    // One opens; the other is told one is open (the app then reads it).
    expect(states.map((state) => state.message ?? 'opened').sort()).toEqual(['QR_ALREADY_OPEN', 'opened']);
    const rows = await t.database.db.select().from(qrPayments).where(eq(qrPayments.memberId, member.id));
    expect(rows.map((row) => row.status)).toEqual(['open']);
    const opened = states.find((state) => state.hasQrcode)!;
    const other = await laoMember('LAK');
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/qrcode/${opened.qrcodeId}`,
      headers: memberHeaders(bearer(other.token)),
    });
    expect(cancel.statusCode).toBe(404);
    expect((await getAs(t.app, other.token, '/api/qrcode/LAOQR')).json<QrState>()).toMatchObject({
      hasQrcode: false,
      lastClosed: null,
    });
  });
});

describe('POST /api/account/invite-code', () => {
  const check = (inviteCode: unknown, address = '10.32.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/invite-code',
      payload: { inviteCode },
      headers: memberHeaders(),
      remoteAddress: address,
    });

  it('answers whether a code names a member and nothing else, never failing on odd input', async () => {
    const member = await laoMember('LAK');
    for (const code of [`PR${member.id}`, ` pr${member.id} `, `PR000${member.id}`]) {
      const answer = await check(code);
      expect(answer.json<InviteCodeCheckResponse>()).toEqual({ exists: true });
      // Nothing of the member rides along: no name, currency, or whether they deposited.
      expect(Object.keys(answer.json())).toEqual(['exists']);
    }
    for (const code of ['PR999999999999', 'PR0', 'PR-1', 'PR1e5', "PR1' or '1'='1", 'ＰＲ1０', 'PR١٠٠']) {
      const answer = await check(code);
      expect(answer.statusCode, code).toBe(200);
      expect(answer.json()).toEqual({ exists: false });
    }
    for (const code of ['', '   ', 'P'.repeat(33), 42, null, ['PR1']]) {
      expect((await check(code)).statusCode).toBe(400);
    }
  });

  it('is limited per address with the registration forms', async () => {
    const address = '10.32.0.99';
    const answers = new Map<number, number>();
    for (let i = 0; i <= FORM_LIMIT; i++) {
      const { statusCode } = await check(`PR${100_000 + i}`, address);
      answers.set(statusCode, (answers.get(statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ 200: FORM_LIMIT, 429: 1 });
    // The registration forms from that address wait with it; another address does not.
    const sendCode = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/otp/send',
        payload: { phoneNumber: `020${String(randomInt(0, 1e8)).padStart(8, '0')}` },
        headers: memberHeaders(),
        remoteAddress,
      });
    expect((await sendCode(address)).statusCode).toBe(429);
    expect((await sendCode('10.32.0.98')).statusCode).toBe(200);
  });
});

describe('after every attack', () => {
  it('keeps the books sound', async () => {
    await booksAreSound(t.database.db);
  });
});
