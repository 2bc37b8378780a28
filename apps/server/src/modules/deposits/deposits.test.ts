import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositResult, QrChannelsResponse, QrState } from '@wallet/contract/http/deposit';
import type { StatementResponse } from '@wallet/contract/http/statement';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type PaymentEvent,
} from '../../adapters/payment-provider/payment-provider';
import { signWebhook } from '../../adapters/payment-provider/webhook-signature';
import { HttpVoucherService } from '../../adapters/voucher/http-voucher-service';
import { giftLinkOf } from '../../adapters/voucher/voucher-service';
import { rowsOf } from '../../platform/db/rows';
import { bearer } from '../../../test/members';
import {
  booksAreSound as soundBooks,
  getAs,
  listen,
  moneyCall,
  signedInMember,
  walletOf,
} from '../../../test/money';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { createLedgerService } from '../ledger/ledger.service';
import { checkDeposits } from './deposits.check';
import { createGiftLinksService } from './gift-links.service';
import { createPaymentReviewsService } from './payment-reviews.service';
import { sendWebhook } from '../../../test/webhooks';

const SECRET = 'test-webhook-secret-0123456789';
const VOUCHER_KEY = 'test-voucher-key-0123456789';
const ENV = {
  PAYMENT_WEBHOOK_SECRET: SECRET,
  VOUCHER_KEY,
  QR_MIN_DEPOSIT_FP: '50',
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp(ENV);
  await listen(test.app);
});
afterAll(async () => test.close());

const qrState = async (token: string, provider: string) => {
  const response = await getAs(test.app, token, `/api/qrcode/${provider}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QrState>();
};

const createQr = async (token: string, provider: string, amount: number) => {
  const response = await moneyCall(test.app, token, `/api/qrcode/${provider}`, { amount });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QrState>();
};

/** The sandbox payer pays the QR; the sandbox gateway then sends its signed webhook. */
const pay = (qrcodeId: string) =>
  test.app.inject({ method: 'POST', url: `/api/sandbox/qrcode/${qrcodeId}/pay`, headers: memberHeaders() });

/** A webhook as the gateway sends it, signed with the shared secret (or as told). */
const webhook = (event: PaymentEvent, options: { secret?: string; timestamp?: number; body?: string } = {}) =>
  sendWebhook(test.app, options.secret ?? SECRET, event, options);

const paidEvent = (qr: QrState, provider: PaymentEvent['provider']): PaymentEvent => ({
  eventId: `evt-${randomUUID()}`,
  reference: qr.qrcodeId!,
  provider,
  status: 'PAID',
  amount: qr.amount!,
  occurredAt: new Date().toISOString(),
});

const booksAreSound = () => soundBooks(test.database.db);

describe('QR payments', () => {
  it('lists the channels with a name members can read and their minimum now', async () => {
    const { token } = await signedInMember(test.app);
    const response = await getAs(test.app, token, '/api/qrcode');
    expect(response.statusCode, response.body).toBe(200);
    const { channels } = response.json<QrChannelsResponse>();
    expect(channels.map((channel) => channel.provider)).toEqual(['KBANK', 'WW', 'PAYONEX', 'PAYTIMZ', 'FP']);
    for (const channel of channels) {
      // Never the bare code: a name of words, and the Thai and Lao ones in their own script.
      expect(channel.name.en).not.toBe(channel.provider);
      expect(channel.name.en).toMatch(/[a-z]/);
      if (channel.name.th) expect(channel.name.th).toMatch(/[\u0E00-\u0E7F]/);
      if (channel.name.lo) expect(channel.name.lo).toMatch(/[\u0E80-\u0EFF]/);
    }
    expect(channels[0]).toEqual({
      provider: 'KBANK',
      name: { en: 'Kasikornbank', th: 'กสิกรไทย', lo: 'ກະສິກອນໄທ' },
      minDeposit: 100,
    });
    // The minimums are those the QR states tell, configuration included (FP raised to 50 baht).
    expect(Object.fromEntries(channels.map((channel) => [channel.provider, channel.minDeposit]))).toEqual({
      KBANK: 100,
      WW: 10_000,
      PAYONEX: 10_000,
      PAYTIMZ: 1_000,
      FP: 5_000,
    });
    expect((await test.app.inject({ url: '/api/qrcode', headers: memberHeaders() })).statusCode).toBe(401);
  });

  it('opens one QR with a real PromptPay payload for the amount, and refuses below the minimum', async () => {
    const { token } = await signedInMember(test.app);
    const none = await qrState(token, 'WW');
    expect(none).toMatchObject({ hasQrcode: false, qrcodeId: null, minDeposit: 10_000, expireIn: 0 });
    // Configuration raised FP's minimum to 50 baht.
    expect((await qrState(token, 'FP')).minDeposit).toBe(5_000);
    expect(await createQr(token, 'WW', 9_999)).toMatchObject({ hasQrcode: false, message: 'QR_MINIMUM' });
    expect(await createQr(token, 'FP', 4_999)).toMatchObject({ hasQrcode: false, message: 'QR_MINIMUM' });

    const qr = await createQr(token, 'WW', 12_345);
    expect(qr).toMatchObject({ hasQrcode: true, amount: 12_345 });
    expect(qr.qrcode).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qr.expireIn).toBeGreaterThan(14 * 60);
    expect(qr.expireIn).toBeLessThanOrEqual(15 * 60);
    const [row] = await rowsOf<{ payload: string }>(
      test.database.db,
      sql`select payload from qr_payments where id = ${qr.qrcodeId}`,
    );
    // strict: the CRC must be right, as a banking app checks it.
    const emv = parse(row!.payload, true);
    expect(emv?.getTagValue('54')).toBe('123.45');
    expect(emv?.getTagValue('58')).toBe('TH');
    expect(await qrState(token, 'WW')).toMatchObject({ qrcodeId: qr.qrcodeId, hasQrcode: true });

    // One open QR per provider; another provider is free.
    expect(await createQr(token, 'WW', 20_000)).toMatchObject({
      message: 'QR_ALREADY_OPEN',
      qrcodeId: qr.qrcodeId,
    });
    expect(await createQr(token, 'KBANK', 1_000)).toMatchObject({ hasQrcode: true, amount: 1_000 });
  });

  it(
    'credits the wallet once when the QR is paid, and shows it in the statement',
    { tags: ['embedded'] },
    async () => {
      const { token } = await signedInMember(test.app);
      const qr = await createQr(token, 'PAYONEX', 30_000);
      const paid = await pay(qr.qrcodeId!);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toEqual({ status: 'paid', webhookStatus: 200 });
      expect((await walletOf(test.app, token)).wallet).toBe(30_000);
      expect(await qrState(token, 'PAYONEX')).toMatchObject({
        hasQrcode: false,
        lastClosed: { qrcodeId: qr.qrcodeId, status: 'PAID' },
      });
      // The gateway will not take a second payment of the same QR.
      expect((await pay(qr.qrcodeId!)).statusCode).toBe(409);

      const statement = await test.app.inject({
        method: 'POST',
        url: '/api/statement',
        payload: { page: 1, limit: 10 },
        headers: memberHeaders(bearer(token)),
      });
      expect(statement.json<StatementResponse>().statements).toEqual([
        expect.objectContaining({
          statementType: 'deposit',
          status: 'SUCCESS',
          from: 'PAYONEX',
          amount: 30_000,
        }),
      ]);
      await booksAreSound();
    },
  );

  it('refuses a webhook with a bad signature or a stale time, and credits a replayed one once', async () => {
    const { token } = await signedInMember(test.app);
    const qr = await createQr(token, 'PAYTIMZ', 5_000);
    const event = paidEvent(qr, 'PAYTIMZ');

    expect((await webhook(event, { secret: 'not-the-secret' })).statusCode).toBe(401);
    // The body changed after signing: the signature no longer matches.
    const tampered = await test.app.inject({
      method: 'POST',
      url: '/api/webhooks/qrcode/PAYTIMZ',
      payload: JSON.stringify({ ...event, amount: 999_999 }),
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(Date.now() / 1000)),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(SECRET, Math.floor(Date.now() / 1000), JSON.stringify(event)),
      },
    });
    expect(tampered.statusCode).toBe(401);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await webhook(event, { timestamp: tenMinutesAgo })).statusCode).toBe(401);
    expect((await webhook(event, { timestamp: tenMinutesAgo + 1200 })).statusCode).toBe(401);
    const unsigned = await test.app.inject({
      method: 'POST',
      url: '/api/webhooks/qrcode/PAYTIMZ',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await walletOf(test.app, token)).wallet).toBe(0);

    // Delivered again and again (and concurrently): credited once.
    const answers = await Promise.all(Array.from({ length: 8 }, () => webhook(event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect((await webhook({ ...event, eventId: 'another-event-id' })).statusCode).toBe(200);
    expect((await walletOf(test.app, token)).wallet).toBe(5_000);
    await booksAreSound();
  });

  it('credits a payment whatever order its events arrive in, and only for the amount of the QR', async () => {
    const { token } = await signedInMember(test.app);
    const late = await createQr(token, 'WW', 10_000);
    // EXPIRED first, then the PAID that was sent before it: the money did arrive.
    expect((await webhook({ ...paidEvent(late, 'WW'), status: 'EXPIRED' })).statusCode).toBe(200);
    expect(await qrState(token, 'WW')).toMatchObject({ hasQrcode: false });
    expect((await webhook(paidEvent(late, 'WW'))).statusCode).toBe(200);
    expect((await walletOf(test.app, token)).wallet).toBe(10_000);

    const early = await createQr(token, 'WW', 20_000);
    expect((await webhook(paidEvent(early, 'WW'))).statusCode).toBe(200);
    expect((await webhook({ ...paidEvent(early, 'WW'), status: 'CANCELLED' })).statusCode).toBe(200);
    const [row] = await rowsOf<{ status: string }>(
      test.database.db,
      sql`select status from qr_payments where id = ${early.qrcodeId}`,
    );
    expect(row!.status).toBe('paid');

    const wrong = await createQr(token, 'KBANK', 5_000);
    expect((await webhook({ ...paidEvent(wrong, 'KBANK'), amount: 50_000 })).json()).toMatchObject({
      outcome: 'review',
    });
    // An event about an order of another provider, or of none, credits nothing.
    expect((await webhook({ ...paidEvent(wrong, 'KBANK'), provider: 'FP' })).statusCode).toBe(404);
    expect((await webhook({ ...paidEvent(wrong, 'KBANK'), reference: 'no-such-order' })).statusCode).toBe(
      404,
    );
    expect((await walletOf(test.app, token)).wallet).toBe(30_000);
    await booksAreSound();
  });

  it('holds a QR paid with another amount for staff review once, however often it is delivered, crediting nothing', async () => {
    const { id, token } = await signedInMember(test.app);
    const qr = await createQr(token, 'PAYONEX', 12_000);
    const event = { ...paidEvent(qr, 'PAYONEX'), amount: 80_000 };
    // The gateway delivers it three times (two at once): each recorded, so each answered 2xx.
    const answers = [...(await Promise.all([webhook(event), webhook(event)])), await webhook(event)];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ received: true, outcome: 'review' });
    }
    const open = await createPaymentReviewsService({ db: test.database.db }).open({ limit: 500 });
    expect(open.filter((review) => review.qrPaymentId === qr.qrcodeId)).toEqual([
      expect.objectContaining({
        memberId: id,
        provider: 'PAYONEX',
        eventId: event.eventId,
        expectedAmount: 12_000n,
        paidAmount: 80_000n,
        status: 'open',
      }),
    ]);
    expect((await checkDeposits(test.database.db, { olderThanMs: 3_600_000 })).openReviews).toBeGreaterThan(
      0,
    );
    // Nor does the reconciler credit it.
    await test.services.reconciler.runOnce();
    expect((await walletOf(test.app, token)).wallet).toBe(0);
    await booksAreSound();
  });

  it('credits a payment whose credit failed after its event was stored, on the reconciler’s next pass', async () => {
    const { token } = await signedInMember(test.app);
    const qr = await createQr(token, 'WW', 15_000);
    const event = paidEvent(qr, 'WW');
    // As if the process died between storing the event and crediting it.
    await test.database.db.execute(
      sql`insert into payment_webhook_events (provider, event_id, body)
          values ('WW', ${event.eventId}, ${JSON.stringify(event)}::jsonb)`,
    );
    expect((await walletOf(test.app, token)).wallet).toBe(0);
    await test.services.reconciler.runOnce();
    expect((await walletOf(test.app, token)).wallet).toBe(15_000);
    expect(await qrState(token, 'WW')).toMatchObject({
      lastClosed: { qrcodeId: qr.qrcodeId, status: 'PAID' },
    });
    // Another pass, and the gateway's own delivery later, credit nothing more.
    await test.services.reconciler.runOnce();
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await walletOf(test.app, token)).wallet).toBe(15_000);
    await booksAreSound();
  });

  it('expires a QR whose time is up: it cannot be paid, and a new one can be opened', async () => {
    const { token } = await signedInMember(test.app);
    const qr = await createQr(token, 'PAYONEX', 10_000);
    await test.database.db.execute(
      sql`update qr_payments set expires_at = now() - interval '1 second' where id = ${qr.qrcodeId}`,
    );
    await test.database.db.execute(
      sql`update sandbox_payment_orders set expires_at = now() - interval '1 second' where reference = ${qr.qrcodeId}`,
    );
    expect(await qrState(token, 'PAYONEX')).toMatchObject({
      hasQrcode: false,
      lastClosed: { qrcodeId: qr.qrcodeId, status: 'EXPIRED' },
    });
    expect((await pay(qr.qrcodeId!)).statusCode).toBe(409);
    expect(await createQr(token, 'PAYONEX', 20_000)).toMatchObject({ hasQrcode: true, amount: 20_000 });
    expect((await walletOf(test.app, token)).wallet).toBe(0);
  });

  it('cancels only the member’s own QR; a cancelled QR cannot be paid', async () => {
    const owner = await signedInMember(test.app);
    const other = await signedInMember(test.app);
    const qr = await createQr(owner.token, 'FP', 5_000);
    const byOther = await test.app.inject({
      method: 'DELETE',
      url: `/api/qrcode/${qr.qrcodeId}`,
      headers: memberHeaders(bearer(other.token)),
    });
    expect(byOther.statusCode).toBe(404);
    expect(await qrState(owner.token, 'FP')).toMatchObject({ hasQrcode: true });
    const cancelled = await test.app.inject({
      method: 'DELETE',
      url: `/api/qrcode/${qr.qrcodeId}`,
      headers: memberHeaders(bearer(owner.token)),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<QrState>()).toMatchObject({
      hasQrcode: false,
      minDeposit: 5_000,
      lastClosed: { qrcodeId: qr.qrcodeId, status: 'CANCELLED' },
    });
    expect((await pay(qr.qrcodeId!)).statusCode).toBe(409);
    expect((await walletOf(test.app, owner.token)).wallet).toBe(0);
    // A new one can be opened at once.
    expect(await createQr(owner.token, 'FP', 6_000)).toMatchObject({ hasQrcode: true });
  });

  it('credits 50 concurrent payments of distinct QRs exactly once each', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => signedInMember(test.app)));
    const providers = ['KBANK', 'WW', 'PAYONEX', 'PAYTIMZ', 'FP'] as const;
    const qrs = await Promise.all(
      members.flatMap((member) =>
        providers.map(async (provider) => ({ member, qr: await createQr(member.token, provider, 10_000) })),
      ),
    );
    expect(qrs).toHaveLength(50);
    // Each paid by the payer and, at the same moment, its webhook delivered once more.
    const results = await Promise.all(
      qrs.flatMap(({ qr }) => [pay(qr.qrcodeId!), webhook(paidEvent(qr, providerOf(qr, qrs)))]),
    );
    expect(results.every((result) => result.statusCode === 200)).toBe(true);
    for (const member of members) expect((await walletOf(test.app, member.token)).wallet).toBe(50_000);
    await booksAreSound();
  });
});

function providerOf(qr: QrState, all: { qr: QrState }[]): PaymentEvent['provider'] {
  // The QR's provider, from the order of creation (member by member, provider by provider).
  const index = all.findIndex((entry) => entry.qr.qrcodeId === qr.qrcodeId);
  return (['KBANK', 'WW', 'PAYONEX', 'PAYTIMZ', 'FP'] as const)[index % 5]!;
}

describe('gift links', () => {
  const issue = async (amount: number) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/sandbox/voucher',
      payload: { amount },
      headers: memberHeaders(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ link: string }>().link;
  };
  const send = (token: string, link: string, key?: string) =>
    moneyCall(test.app, token, '/api/wallet/truelink', { link }, key);

  it('credits a voucher once; the same link again is a duplicate; a retry gets the first answer', async () => {
    const { token } = await signedInMember(test.app);
    const link = await issue(5_000);
    const key = randomUUID();
    const first = await send(token, link, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<DepositResult>()).toMatchObject({ status: 'SUCCESS', amount: 5_000 });
    const retried = await send(token, link, key);
    expect(retried.json()).toEqual(first.json());
    const again = await send(token, link);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    expect((await walletOf(test.app, token)).wallet).toBe(5_000);
  });

  it('finishes a redemption a crash interrupted when the member sends the link again', async () => {
    const { id, token } = await signedInMember(test.app);
    const link = await issue(4_000);
    const code = new URL(link).searchParams.get('v')!;
    // The first attempt claimed the link and redeemed the voucher, then the process died: the
    // app lost that attempt's key (a reload), so the member sends the link under a new one.
    const lostKey = `m${id}:lost-attempt-0001`;
    await test.database.db.execute(
      sql`insert into gift_links (voucher_code, member_id, request_key, status)
          values (${code}, ${id}, ${lostKey}, 'redeeming')`,
    );
    await test.database.db.execute(
      sql`update sandbox_vouchers set redeemed_reference = ${lostKey}, redeemed_at = now() where code = ${code}`,
    );
    const again = await send(token, link);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<DepositResult>()).toMatchObject({ status: 'SUCCESS', amount: 4_000 });
    expect((await walletOf(test.app, token)).wallet).toBe(4_000);
    // Someone else's link in the same state stays theirs.
    const other = await signedInMember(test.app);
    expect((await send(other.token, link)).json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
  });

  /** A link the first attempt claimed and the voucher service redeemed, then the process died. */
  async function interrupted(memberId: number, amount: number, lease: 'running' | 'ran out') {
    const code = new URL(await issue(amount)).searchParams.get('v')!;
    const lostKey = `m${memberId}:lost-attempt-${code.slice(0, 8)}`;
    const until = lease === 'running' ? sql`now() + interval '1 minute'` : sql`now() - interval '1 second'`;
    await test.database.db.execute(
      sql`insert into gift_links (voucher_code, member_id, request_key, status, next_attempt_at)
          values (${code}, ${memberId}, ${lostKey}, 'redeeming', ${until})`,
    );
    await test.database.db.execute(
      sql`update sandbox_vouchers set redeemed_reference = ${lostKey}, redeemed_at = now() where code = ${code}`,
    );
    return code;
  }

  it('finishes an interrupted redemption by the reconciler’s sweep, without the member sending it again', async () => {
    const { id, token } = await signedInMember(test.app);
    const code = await interrupted(id, 4_500, 'running');
    // Its request may still be at work: the sweep leaves it until the lease runs out (database clock).
    await test.services.reconciler.runOnce();
    expect((await walletOf(test.app, token)).wallet).toBe(0);
    await test.database.db.execute(
      sql`update gift_links set next_attempt_at = now() - interval '1 second' where voucher_code = ${code}`,
    );
    await test.services.reconciler.runOnce();
    await test.services.reconciler.runOnce();
    expect((await walletOf(test.app, token)).wallet).toBe(4_500);
    const [row] = await rowsOf<{ status: string }>(
      test.database.db,
      sql`select status from gift_links where voucher_code = ${code}`,
    );
    expect(row!.status).toBe('credited');
    await booksAreSound();
  });

  it('credits an interrupted redemption once when two processes sweep at the same moment', async () => {
    const { id, token } = await signedInMember(test.app);
    const code = await interrupted(id, 6_000, 'ran out');
    // Two server processes: their own services, on the one database and voucher service.
    const processes = [1, 2].map(() =>
      createGiftLinksService({
        db: test.database.db,
        ledger: createLedgerService(test.database.db),
        vouchers: new HttpVoucherService({
          baseUrl: () => `${test.app.listeningOrigin}/api/sandbox/voucher-api`,
          key: VOUCHER_KEY,
          timeoutMs: 5_000,
        }),
        currencyOf: async () => 'BAHT',
        voucherTimeoutMs: 5_000,
        log: { warn: () => undefined },
      }),
    );
    const finished = await Promise.all(processes.map((each) => each.sweepInterrupted()));
    expect(finished[0]! + finished[1]!).toBe(1);
    expect((await walletOf(test.app, token)).wallet).toBe(6_000);
    // Claimed by one of them only.
    const [row] = await rowsOf<{ status: string; attempts: number }>(
      test.database.db,
      sql`select status, attempts from gift_links where voucher_code = ${code}`,
    );
    expect(row).toEqual({ status: 'credited', attempts: 1 });
    await booksAreSound();
  });

  it('refuses bad links, unknown vouchers and vouchers under 2 baht, crediting nothing', async () => {
    const { token } = await signedInMember(test.app);
    for (const link of [
      'hello',
      'http://gift.truemoney.com/campaign/?v=abcdefabcdef',
      'https://evil.example/?v=abcdefabcdef',
    ]) {
      const response = await send(token, link);
      expect(response.statusCode, link).toBe(400);
      expect(response.json()).toEqual({ message: 'TRUELINK_INVALID' });
    }
    const unknown = await send(token, giftLinkOf('0123456789abcdef0123'));
    expect(unknown.json()).toEqual({ message: 'TRUELINK_INVALID' });
    const small = await send(token, await issue(199));
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ message: 'TRUELINK_MINIMUM' });
    const empty = await send(token, '   ');
    expect(empty.json()).toEqual({ message: 'FIELD_REQUIRED' });
    expect((await walletOf(test.app, token)).wallet).toBe(0);
  });

  it('credits one link sent by two members at the same moment once', async () => {
    const first = await signedInMember(test.app);
    const second = await signedInMember(test.app);
    const link = await issue(7_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => send(index % 2 ? first.token : second.token, link)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    }
    const total =
      (await walletOf(test.app, first.token)).wallet + (await walletOf(test.app, second.token)).wallet;
    expect(total).toBe(7_000);
    await booksAreSound();
  });
});

describe('a wallet in kip', () => {
  it('is refused the baht-only channels, QR and gift links, with a clear code', async () => {
    const { id, token } = await signedInMember(test.app);
    await test.database.db.execute(sql`update members set currency = 'LAK' where id = ${id}`);
    expect(await createQr(token, 'KBANK', 10_000)).toMatchObject({
      hasQrcode: false,
      message: 'CURRENCY_NOT_ACCEPTED',
    });
    const link = (
      await test.app.inject({
        method: 'POST',
        url: '/api/sandbox/voucher',
        payload: { amount: 5_000 },
        headers: memberHeaders(),
      })
    ).json<{ link: string }>().link;
    const sent = await moneyCall(test.app, token, '/api/wallet/truelink', { link });
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toEqual({ message: 'CURRENCY_NOT_ACCEPTED' });
    const [voucher] = await rowsOf<{ redeemed_reference: string | null }>(
      test.database.db,
      sql`select redeemed_reference from sandbox_vouchers where code = ${new URL(link).searchParams.get('v')}`,
    );
    expect(voucher!.redeemed_reference).toBeNull();
  });
});

describe('manual deposit notices', () => {
  it('are refused while the operator does not take them, and credit nothing when recorded', async () => {
    const { token } = await signedInMember(test.app);
    const off = await moneyCall(test.app, token, '/api/wallet/add', { amount: 10_000 });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ message: 'MANUAL_DEPOSIT_OFF' });
    await test.database.db.execute(
      sql`update site_settings set value = '{"isManual": true}'::jsonb where key = 'deposit'`,
    );
    try {
      expect((await moneyCall(test.app, token, '/api/wallet/add', { amount: 99 })).json()).toEqual({
        message: 'DEPOSIT_MINIMUM',
      });
      const recorded = await moneyCall(test.app, token, '/api/wallet/add', { amount: 10_000 });
      expect(recorded.statusCode, recorded.body).toBe(200);
      expect(recorded.json<DepositResult>()).toMatchObject({ status: 'PENDING', amount: 10_000 });
      expect((await walletOf(test.app, token)).wallet).toBe(0);
    } finally {
      await test.database.db.execute(
        sql`update site_settings set value = '{"isManual": false}'::jsonb where key = 'deposit'`,
      );
    }
  });
});
