import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  DepositReviewDecision,
  DepositReviewQueueResponse,
} from '@wallet/contract/http/console-deposits';
import type { DepositResult, QrState, SlipStatementResponse } from '@wallet/contract/http/deposit';
import type { PaymentEvent } from '../../adapters/payment-provider/payment-provider';
import { openServerDatabase } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { bearer } from '../../../test/members';
import { appForFile, booksAreSound, moneyCall, signedInMember, walletOf } from '../../../test/money';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { memberHeaders } from '../../../test/test-app';
import { accountKey, createLedgerService } from '../ledger/ledger.service';
import { createSlipReviews } from '../slips/slip-reviews.service';
import { giftLinkReviewSource, noticeReviewSource, qrReviewSource } from './deposit-review-sources';
import { createDepositReviewsService } from './deposit-reviews.service';
import { giftLinkCredit } from './gift-links.service';
import { uploadSlip } from '../../../test/slip-images';
import { sendWebhook } from '../../../test/webhooks';

const SECRET = 'test-webhook-secret-0123456789';
const test = appForFile({ PAYMENT_WEBHOOK_SECRET: SECRET, VOUCHER_KEY: 'test-voucher-key-0123456789' });
/** One of the operator's receiving accounts in the demo reference data. */
const OPERATOR_ACCOUNT = '4078823156';
const REVIEWS = '/api/console/deposits/reviews';
/** Processes of the race test below are services without a request: their decisions audit nothing. */
const noAudit = async () => undefined;

const staff = {} as Record<'finance' | 'finance2' | 'support' | 'viewer', { token: string; staffId: number }>;
beforeAll(async () => {
  for (const [name, role] of [
    ['finance', 'finance'],
    ['finance2', 'finance'],
    ['support', 'support'],
    ['viewer', 'viewer'],
  ] as const)
    staff[name] = await createStaffAndSignIn(test, { role });
  const slipRules = JSON.stringify({
    maxAgeMinutes: 60,
    closedFrom: null,
    closedTo: null,
    timeZone: 'Asia/Bangkok',
  });
  await test.database.db.execute(
    sql`update site_settings set value = ${slipRules}::jsonb where key = 'slip'`,
  );
  await test.database.db.execute(
    sql`update site_settings set value = '{"isManual": true}'::jsonb where key = 'deposit'`,
  );
});

const queue = async (token = staff.finance.token, query = '') => {
  const response = await staffCall(test.app, token, 'GET', `${REVIEWS}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DepositReviewQueueResponse>();
};
const itemOf = async (id: string, token?: string) =>
  (await queue(token)).items.find((item) => item.id === id);
const decide = (action: 'credit' | 'refuse', id: string, body: object, token = staff.finance.token) =>
  staffCall(test.app, token, 'POST', `${REVIEWS}/${encodeURIComponent(id)}/${action}`, body);
const auditOf = (item: string) =>
  rowsOf<{ action: string; target: string; detail: Record<string, unknown> }>(
    test.database.db,
    sql`select action, target, detail from staff_audit where detail ->> 'item' = ${item} order by seq`,
  );
const sound = () => booksAreSound(test.database.db);

const upload = (token: string, file: Buffer) => uploadSlip(test.app, token, file);

/**
 * A member's own transfer whose slip is kept for staff: their bank details changed after it (the
 * audit trail says so), so the sender is not confirmed. Answers the slip and its review item.
 */
async function slipForReview(amount = 15_000) {
  const member = await signedInMember(test.app);
  const transfer = await test.app.inject({
    method: 'POST',
    url: '/api/sandbox/bank/transfer',
    payload: {
      fromBankCode: member.member.bankCode,
      fromAccountNo: member.member.bankAccountNo,
      toAccountNo: OPERATOR_ACCOUNT,
      amount,
    },
    headers: memberHeaders(),
  });
  expect(transfer.statusCode, transfer.body).toBe(200);
  await test.database.db.execute(
    sql`insert into bank_account_changes (member_id, actor_type, actor_id, field, old_value, new_value, client_address)
        values (${member.id}, 'member', ${String(member.id)}, 'bankAccountName', 'SOMCHAI JAIDEE', 'SOMCHAI JAIDEE', '127.0.0.1')`,
  );
  const slip = transfer.rawPayload;
  const kept = await upload(member.token, slip);
  expect(kept.json()).toEqual({ message: 'SENDER_UNCONFIRMED' });
  const [row] = await rowsOf<{ id: string }>(
    test.database.db,
    sql`select id from slip_uploads where member_id = ${member.id} and status = 'REVIEW'`,
  );
  return { ...member, slip, reference: String(transfer.headers['x-trans-ref']), item: `slip:${row!.id}` };
}

async function slipsOf(token: string) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/statement/slip',
    payload: { page: 1, limit: 10 },
    headers: memberHeaders(bearer(token)),
  });
  return response.json<SlipStatementResponse>().slips;
}

const webhook = (event: PaymentEvent) => sendWebhook(test.app, SECRET, event);

/** A QR of 120.00 paid with `paid`: held for staff. */
async function qrForReview(paid = 80_000) {
  const member = await signedInMember(test.app);
  const opened = await moneyCall(test.app, member.token, '/api/qrcode/PAYONEX', { amount: 12_000 });
  const qr = opened.json<QrState>();
  const event: PaymentEvent = {
    eventId: `evt-${randomUUID()}`,
    reference: qr.qrcodeId!,
    provider: 'PAYONEX',
    status: 'PAID',
    amount: paid,
    occurredAt: new Date().toISOString(),
  };
  expect((await webhook(event)).json()).toEqual({ received: true, outcome: 'review' });
  const [row] = await rowsOf<{ id: string }>(
    test.database.db,
    sql`select id from payment_reviews where event_id = ${event.eventId}`,
  );
  return { ...member, qr, event, item: `qr:${row!.id}` };
}

/** A gift link the voucher service redeemed, then left redeeming through six sweeps. */
async function stuckGiftLink(amount = 4_500) {
  const member = await signedInMember(test.app);
  const issued = await test.app.inject({
    method: 'POST',
    url: '/api/sandbox/voucher',
    payload: { amount },
    headers: memberHeaders(),
  });
  const link = issued.json<{ link: string }>().link;
  const code = new URL(link).searchParams.get('v')!;
  const lostKey = `m${member.id}:lost-${code.slice(0, 8)}`;
  await test.database.db.execute(
    sql`insert into gift_links (voucher_code, member_id, request_key, status, attempts, next_attempt_at)
        values (${code}, ${member.id}, ${lostKey}, 'redeeming', 6, now() + interval '1 hour')`,
  );
  await test.database.db.execute(
    sql`update sandbox_vouchers set redeemed_reference = ${lostKey}, redeemed_at = now() where code = ${code}`,
  );
  return { ...member, link, code, item: `gift:${code}` };
}

async function noticeForReview(amount = 30_000) {
  const member = await signedInMember(test.app);
  const noticed = await moneyCall(test.app, member.token, '/api/wallet/add', { amount });
  expect(noticed.statusCode, noticed.body).toBe(200);
  const reference = noticed.json<DepositResult>().reference;
  return { ...member, item: `notice:${reference.replace('notice-', '')}` };
}

describe('deposits to review', () => {
  it('lists each kind in one queue with its evidence, the member’s bank, expected and paid', async () => {
    const slip = await slipForReview(15_000);
    const qr = await qrForReview(80_000);
    const gift = await stuckGiftLink();
    const notice = await noticeForReview(30_000);
    const seen = await queue();
    expect(seen.total).toBeGreaterThanOrEqual(4);
    expect(await test.services.depositReviews.countWaiting()).toBe(seen.total);

    const slipItem = seen.items.find((item) => item.id === slip.item)!;
    expect(slipItem).toMatchObject({
      kind: 'slip',
      member: {
        id: slip.id,
        bank: { code: slip.member.bankCode, accountNo: slip.member.bankAccountNo },
      },
      paid: 15_000,
      creditAmount: 15_000,
      evidence: { kind: 'slip', reference: slip.reference, unconfirmed: 'bank_changed_after' },
    });
    // What the verifier said of the sender, kept on the row: masked digits and the name.
    const evidence = slipItem.evidence as Extract<typeof slipItem.evidence, { kind: 'slip' }>;
    expect(evidence.sender!.accountNo).toContain(slip.member.bankAccountNo.slice(-5, -1));
    expect(evidence.sender!.names.length).toBeGreaterThan(0);
    expect(evidence.paidAt).not.toBeNull();
    // The member's risk flags now, as the member view shows them (test members share an address).
    const { flags } = await test.services.riskFlags.of(slip.id, false);
    expect(flags).toContain('shared_address');
    expect(slipItem.flags).toEqual(flags);
    // The image opens by its signed link alone, as the console's <img> opens it.
    const image = await test.app.inject({ url: evidence.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    expect(seen.items.find((item) => item.id === qr.item)).toMatchObject({
      kind: 'qr',
      expected: 12_000,
      paid: 80_000,
      creditAmount: 80_000,
      evidence: { kind: 'qr', qrcodeId: qr.qr.qrcodeId, provider: 'PAYONEX', eventId: qr.event.eventId },
    });
    expect(seen.items.find((item) => item.id === gift.item)).toMatchObject({
      kind: 'gift',
      creditAmount: null,
      evidence: { kind: 'gift', voucherCode: gift.code, attempts: 6 },
    });
    expect(seen.items.find((item) => item.id === notice.item)).toMatchObject({
      kind: 'notice',
      expected: 30_000,
      creditAmount: 30_000,
    });
    // Oldest first; one kind at a time.
    const times = seen.items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await queue(undefined, '?kind=qr')).items.every((item) => item.kind === 'qr')).toBe(true);

    // Without members.personal: the phone and bank number by their last 4 digits.
    const masked = (await itemOf(slip.item, staff.support.token))!;
    expect(masked.member.bank.accountNo).toBe(
      `${'•'.repeat(slip.member.bankAccountNo.length - 4)}${slip.member.bankAccountNo.slice(-4)}`,
    );
    expect(masked.member.username.endsWith(slip.member.username.slice(-4))).toBe(true);
    expect(masked.member.username).not.toBe(slip.member.username);
    // A stuck gift link's code may still redeem: without members.personal, its last 4 alone.
    const supportGift = (await queue(staff.support.token, '?kind=gift')).items.find(
      (item) =>
        item.id.startsWith('gift:') && item.id.endsWith(gift.code.slice(-4)) && item.member.id === gift.id,
    )!;
    expect(JSON.stringify(supportGift)).not.toContain(gift.code);
    expect(supportGift.evidence).toMatchObject({
      kind: 'gift',
      voucherCode: `${'•'.repeat(gift.code.length - 4)}${gift.code.slice(-4)}`,
    });
  });

  it('credits a slip once when two staff press at once, and the member’s new upload is a duplicate', async () => {
    const slip = await slipForReview(21_000);
    const answers = await Promise.all([
      decide('credit', slip.item, { note: 'Called the member' }),
      decide('credit', slip.item, { note: 'Looks fine' }, staff.finance2.token),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
      message: 'DEPOSIT_REVIEW_DECIDED',
    });
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<DepositReviewDecision>();
    expect(winner).toMatchObject({ id: slip.item, status: 'credited', amount: 21_000, currency: 'BAHT' });
    // The decider's own press again answers the decision, moving nothing.
    const winnerToken =
      winner.decidedBy.id === staff.finance.staffId ? staff.finance.token : staff.finance2.token;
    const again = await decide('credit', slip.item, { note: 'again' }, winnerToken);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(winner);
    expect((await walletOf(test.app, slip.token)).wallet).toBe(21_000);

    // The automatic path after it: the same slip again is a duplicate, never a second credit.
    const reupload = await upload(slip.token, slip.slip);
    expect(reupload.statusCode).toBe(409);
    expect(reupload.json()).toEqual({ message: 'SLIP_REFNO_DUPLICATED' });
    expect((await walletOf(test.app, slip.token)).wallet).toBe(21_000);
    expect((await slipsOf(slip.token)).map((row) => [row.status, row.note])).toEqual([
      ['FAILED', 'SLIP_REFNO_DUPLICATED'],
      ['SUCCESS', 'SLIP_CREDITED_BY_STAFF'],
    ]);
    expect(await itemOf(slip.item)).toBeUndefined();

    const audit = await auditOf(slip.item);
    expect(audit[0]).toMatchObject({
      action: 'deposit.credit',
      target: `member:${slip.id}`,
      detail: {
        before: 'REVIEW',
        after: 'credited',
        amount: 21_000,
        ledgerKey: `deposit:slip:${slip.reference.toUpperCase()}`,
      },
    });
    await sound();
  });

  it('refuses a slip: no money moves, and the member’s slip status reads the refusal', async () => {
    const slip = await slipForReview(9_000);
    const empty = await decide('refuse', slip.item, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    const refused = await decide('refuse', slip.item, { note: '<b>Not their account</b>' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      status: 'refused',
      amount: null,
      note: '<b>Not their account</b>',
    });
    // A colleague's credit afterwards is refused: the item was decided.
    expect((await decide('credit', slip.item, { note: 'x' }, staff.finance2.token)).json()).toEqual({
      message: 'DEPOSIT_REVIEW_DECIDED',
    });
    expect((await walletOf(test.app, slip.token)).wallet).toBe(0);
    expect((await slipsOf(slip.token))[0]).toMatchObject({ status: 'FAILED', note: 'SLIP_REFUSED_BY_STAFF' });
    expect((await auditOf(slip.item))[0]!.detail).toMatchObject({ before: 'REVIEW', after: 'refused' });
    // A slip credits only the amount its bank verified.
    const other = await slipForReview(7_000);
    expect((await decide('credit', other.item, { note: 'x', amount: 9_999 })).json()).toEqual({
      message: 'DEPOSIT_AMOUNT_FIXED',
    });
    await sound();
  });

  it('credits a QR with what was paid, once: a later payment of the QR’s own amount is held, not credited', async () => {
    const qr = await qrForReview(80_000);
    const credited = await decide('credit', qr.item, { note: 'Member confirmed' });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json()).toMatchObject({ status: 'credited', amount: 80_000 });
    expect((await walletOf(test.app, qr.token)).wallet).toBe(80_000);

    // The gateway then reports a payment of the QR's own amount: the QR's key holds the credit.
    const own = { ...qr.event, eventId: `evt-${randomUUID()}`, amount: 12_000 };
    expect((await webhook(own)).json()).toEqual({ received: true, outcome: 'review' });
    await test.services.reconciler.runOnce();
    expect((await walletOf(test.app, qr.token)).wallet).toBe(80_000);
    const second = (await queue(undefined, '?kind=qr')).items.find(
      (item) => item.evidence.kind === 'qr' && item.evidence.eventId === own.eventId,
    )!;
    expect((await decide('credit', second.id, { note: 'x' })).json()).toEqual({
      message: 'DEPOSIT_ALREADY_CREDITED',
    });
    expect((await decide('refuse', second.id, { note: 'Paid twice; refunded by bank' })).statusCode).toBe(
      200,
    );
    expect((await walletOf(test.app, qr.token)).wallet).toBe(80_000);
    expect((await auditOf(qr.item))[0]!.detail).toMatchObject({
      before: 'open',
      after: 'credited',
      ledgerKey: `deposit:qr:${qr.qr.qrcodeId}`,
    });
    await sound();
  });

  it('credits a stuck gift link once, whether the sweep came first or comes after', async () => {
    const first = await stuckGiftLink(4_500);
    expect((await decide('credit', first.item, { note: 'Redeemed at the wallet' })).json()).toEqual({
      message: 'DEPOSIT_AMOUNT_REQUIRED',
    });
    const credited = await decide('credit', first.item, { note: 'Redeemed at the wallet', amount: 4_500 });
    expect(credited.statusCode, credited.body).toBe(200);
    // The sweep after it leaves the link alone; the member sending it again is a duplicate.
    await test.database.db.execute(
      sql`update gift_links set next_attempt_at = now() - interval '1 second' where voucher_code = ${first.code}`,
    );
    await test.services.reconciler.runOnce();
    expect(
      (await moneyCall(test.app, first.token, '/api/wallet/truelink', { link: first.link })).json(),
    ).toEqual({
      message: 'TRUELINK_DUPLICATE',
    });
    expect((await walletOf(test.app, first.token)).wallet).toBe(4_500);

    // The sweep credited it and was cut off before closing the link: staff's credit replays it.
    const cut = await stuckGiftLink(6_000);
    await test.services.ledger.openAccount(accountKey.wallet(cut.id), 'BAHT');
    await test.services.ledger.transfer(giftLinkCredit(cut.code, cut.id, 6_000n));
    expect((await decide('credit', cut.item, { note: 'x', amount: 5_000 })).json()).toEqual({
      message: 'DEPOSIT_ALREADY_CREDITED',
    });
    expect((await decide('credit', cut.item, { note: 'x', amount: 6_000 })).statusCode).toBe(200);
    expect((await walletOf(test.app, cut.token)).wallet).toBe(6_000);

    // The sweep finished it first: nothing is left to credit.
    const swept = await stuckGiftLink(3_000);
    await test.database.db.execute(
      sql`update gift_links set next_attempt_at = now() - interval '1 second' where voucher_code = ${swept.code}`,
    );
    await test.services.reconciler.runOnce();
    expect((await decide('credit', swept.item, { note: 'x', amount: 3_000 })).json()).toEqual({
      message: 'DEPOSIT_REVIEW_DECIDED',
    });
    expect((await walletOf(test.app, swept.token)).wallet).toBe(3_000);
    await sound();
  });

  it('credits a notice with its amount or the one staff saw arrive, and refuses another', async () => {
    const asked = await noticeForReview(30_000);
    expect((await decide('credit', asked.item, { note: 'Seen on the statement' })).json()).toMatchObject({
      amount: 30_000,
    });
    expect((await walletOf(test.app, asked.token)).wallet).toBe(30_000);
    const short = await noticeForReview(50_000);
    expect(
      (await decide('credit', short.item, { note: 'Only 499 arrived', amount: 49_900 })).statusCode,
    ).toBe(200);
    expect((await walletOf(test.app, short.token)).wallet).toBe(49_900);
    const none = await noticeForReview(10_000);
    expect((await decide('refuse', none.item, { note: 'Nothing arrived' })).statusCode).toBe(200);
    expect((await walletOf(test.app, none.token)).wallet).toBe(0);
    expect((await decide('credit', 'notice:999999999', { note: 'x' })).statusCode).toBe(404);
    await sound();
  });

  it('credits nothing when the credit’s audit row cannot be written, and credits once after', async () => {
    const notice = await noticeForReview(20_000);
    const auditDown = async () => {
      throw new Error('the audit is down');
    };
    const reviews = test.services.depositReviews;
    await expect(
      reviews.credit(notice.item, staff.finance.staffId, 'x', undefined, auditDown),
    ).rejects.toThrow('audit');
    expect((await walletOf(test.app, notice.token)).wallet).toBe(0);
    expect((await decide('credit', notice.item, { note: 'Seen' })).statusCode).toBe(200);
    expect((await walletOf(test.app, notice.token)).wallet).toBe(20_000);
    const rows = await rowsOf<{ detail: { after: string; ledgerKey: string | null } }>(
      test.database.db,
      sql`select detail from staff_audit where action = 'deposit.credit' and target = ${`member:${notice.id}`}`,
    );
    expect(rows.map((row) => row.detail.after)).toEqual(['credited']);
    expect(rows[0]!.detail.ledgerKey).not.toBeNull();
    await sound();
  });

  it('refuses roles without money.approve, and reads the queue for every role', async () => {
    const notice = await noticeForReview(10_000);
    for (const role of ['support', 'viewer'] as const) {
      const answer = await decide('credit', notice.item, { note: 'x' }, staff[role].token);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: 'STAFF_FORBIDDEN' });
      expect((await queue(staff[role].token)).total).toBeGreaterThan(0);
    }
    expect((await walletOf(test.app, notice.token)).wallet).toBe(0);
  });

  it('decides once when two processes, each with its own database connections, credit at once', async () => {
    const slip = await slipForReview(11_000);
    const notice = await noticeForReview(12_000);
    const other = await openServerDatabase(test.database.url!, 4);
    try {
      const processes = [test.database.db, other.db].map((db) =>
        createDepositReviewsService({
          db,
          ledger: createLedgerService(db),
          sources: {
            slip: createSlipReviews({ db, linkSecret: 'secret' }),
            qr: qrReviewSource(db),
            gift: giftLinkReviewSource(db),
            notice: noticeReviewSource(db),
          },
          moneyProfile: (memberId) => test.services.accounts.moneyProfile(memberId),
          flagsOf: async () => [],
          membersOf: async () => new Map(),
          staffNamesOf: async () => new Map(),
        }),
      );
      for (const id of [slip.item, notice.item]) {
        const outcomes = await Promise.allSettled(
          processes.flatMap((one, index) => [
            one.credit(
              id,
              index === 0 ? staff.finance.staffId : staff.finance2.staffId,
              'x',
              undefined,
              noAudit,
            ),
            one.credit(
              id,
              index === 0 ? staff.finance2.staffId : staff.finance.staffId,
              'y',
              undefined,
              noAudit,
            ),
          ]),
        );
        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        // One decision; the decider's own second press answers it again, the colleague's is 409.
        expect(new Set(won.map((outcome) => outcome.value.decision.decidedAt)).size, id).toBe(1);
        expect(won.filter((outcome) => !outcome.value.replay)).toHaveLength(1);
        for (const outcome of outcomes.filter((one) => one.status === 'rejected'))
          expect((outcome.reason as { code: string }).code).toBe('DEPOSIT_REVIEW_DECIDED');
      }
    } finally {
      await other.close();
    }
    expect((await walletOf(test.app, slip.token)).wallet).toBe(11_000);
    expect((await walletOf(test.app, notice.token)).wallet).toBe(12_000);
    await sound();
  });
});
