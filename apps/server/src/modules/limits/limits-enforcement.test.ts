// @module-tag embedded
// (also run on the embedded PostgreSQL by npm run test:embedded: a deposit judged inside a
// transaction must read through it, or the single embedded connection waits for itself)
import { beforeEach, describe, expect, it } from 'vitest';
import type { LimitsResponse } from '@wallet/contract/http/limits';
import {
  activate,
  appForFile,
  booksAreSound,
  credit,
  getAs,
  MONEY_ENV,
  moneyCall,
  signedInMember,
  walletOf,
} from '../../../test/money';
import { bearer } from '../../../test/members';
import { memberHeaders } from '../../../test/test-app';
import { runningPeriod } from './limit-periods';

/**
 * Play limits enforced where money moves toward play (issue 29, decision 061), on the app's
 * injected clock (the ledger's and the provider's own times are the real ones: the clock starts
 * now and only moves forward).
 */
let clockAt = new Date();
const test = appForFile(MONEY_ENV, { clock: () => clockAt });
const DAY = 86_400_000;
const NONE = { day: null, week: null, month: null };
// Each test's member starts on the real time (when the ledger and the provider record what it does).
beforeEach(() => {
  clockAt = new Date();
});

/** The start of the next market day (00:00 UTC+7) plus a minute. */
const nextMarketDay = () => {
  const local = clockAt.getTime() + 7 * 3_600_000;
  clockAt = new Date(Math.floor(local / DAY) * DAY + DAY - 7 * 3_600_000 + 60_000);
};

const setLimits = async (token: string, deposit: object, loss: object = NONE) => {
  const answer = await test.app.inject({
    method: 'PUT',
    url: '/api/account/limits',
    payload: { deposit: { ...NONE, ...deposit }, loss: { ...NONE, ...loss }, realityCheckMinutes: null },
    headers: memberHeaders(bearer(token)),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<LimitsResponse>();
};
const limitsOf = async (token: string) =>
  (await getAs(test.app, token, '/api/account/limits')).json<LimitsResponse>();
const qr = (token: string, provider: string, amount: number) =>
  moneyCall(test.app, token, `/api/qrcode/${provider}`, { amount });
const pay = (qrcodeId: string) =>
  test.app.inject({ method: 'POST', url: `/api/sandbox/qrcode/${qrcodeId}/pay`, headers: memberHeaders() });
const voucher = async (amount: number) =>
  (
    await test.app.inject({
      method: 'POST',
      url: '/api/sandbox/voucher',
      payload: { amount },
      headers: memberHeaders(),
    })
  ).json<{ link: string }>().link;
const sendLink = (token: string, link: string) =>
  moneyCall(test.app, token, '/api/wallet/truelink', { link });
const toGame = (token: string, amount: number, game = 'JOKER') =>
  moneyCall(test.app, token, '/api/wallet/transfer', { from: 'wallet', to: game, amount });
const launch = (token: string, username: string, game = 'JOKER') =>
  getAs(test.app, token, `/api/autoLogin/${game}/${username}`);

describe('deposit limits', () => {
  it('let the lowest of day, week and month hold, counting open QR codes, and refuse past it with what is left', async () => {
    const { token } = await signedInMember(test.app);
    const set = await setLimits(token, { day: 50_000, week: 30_000, month: 90_000 });
    expect(set.depositRemaining).toBe(30_000);

    const over = await qr(token, 'WW', 40_000);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ message: 'DEPOSIT_LIMIT', remaining: 30_000 });

    const open = await qr(token, 'WW', 20_000);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json<{ hasQrcode: boolean }>().hasQrcode).toBe(true);
    // The open QR code may still be paid: it counts.
    expect((await limitsOf(token)).depositRemaining).toBe(10_000);
    const second = await qr(token, 'FP', 20_000);
    expect(second.json()).toEqual({ message: 'DEPOSIT_LIMIT', remaining: 10_000 });

    expect((await pay(open.json<{ qrcodeId: string }>().qrcodeId)).statusCode).toBe(200);
    const paid = await limitsOf(token);
    expect(paid.deposit.week.used).toBe(20_000);
    expect(paid.depositRemaining).toBe(10_000);

    // A gift link past the room is refused and stays the member's to send later.
    const big = await voucher(15_000);
    const refused = await sendLink(token, big);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'DEPOSIT_LIMIT', remaining: 10_000 });
    expect((await walletOf(test.app, token)).wallet).toBe(20_000);
    const fits = await sendLink(token, await voucher(10_000));
    expect(fits.statusCode, fits.body).toBe(200);
    expect((await limitsOf(token)).depositRemaining).toBe(0);

    // A new week gives the week's room again (the month's is what is left of 90 000).
    clockAt = new Date(clockAt.getTime() + 8 * DAY);
    const newWeek = await limitsOf(token);
    expect(newWeek.deposit.week.used).toBe(0);
    const later = await sendLink(token, big);
    expect(later.statusCode, later.body).toBe(200);
    expect((await walletOf(test.app, token)).wallet).toBe(45_000);
    await booksAreSound(test.database.db);
  });

  it('never lets deposits at once pass the limit together', async () => {
    const { token } = await signedInMember(test.app);
    await setLimits(token, { day: 20_000 });
    const links = await Promise.all([voucher(15_000), voucher(15_000)]);
    const answers = await Promise.all([
      qr(token, 'WW', 15_000),
      qr(token, 'PAYONEX', 15_000),
      qr(token, 'FP', 15_000),
      qr(token, 'PAYTIMZ', 15_000),
      sendLink(token, links[0]),
      sendLink(token, links[1]),
    ]);
    const passed = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 422);
    expect(passed).toHaveLength(1);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(answer.json<{ message: string }>().message).toBe('DEPOSIT_LIMIT');
    await booksAreSound(test.database.db);
  });

  it('credit a bank transfer past the limit, then keep money out of games until the day rolls over', async () => {
    const { token } = await signedInMember(test.app);
    const login = await activate(test.app, token, 'JOKER');
    await setLimits(token, { day: 10_000 });
    await credit(test.app, token, 50_000);
    expect((await walletOf(test.app, token)).wallet).toBe(50_000);
    const view = await limitsOf(token);
    expect(view.deposit.day.used).toBe(50_000);
    expect(view.depositRemaining).toBe(0);

    const moved = await toGame(token, 10_000);
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toEqual({ message: 'DEPOSIT_LIMIT' });
    expect((await launch(token, login.username)).json()).toEqual({ message: 'DEPOSIT_LIMIT' });
    const all = await moneyCall(test.app, token, '/api/wallet/transferAll', { to: 'JOKER' });
    expect(all.json()).toEqual({ message: 'DEPOSIT_LIMIT' });
    expect((await walletOf(test.app, token)).game('JOKER')).toBe(0);
    // It can be withdrawn.
    const out = await moneyCall(test.app, token, '/api/wallet/withdraw', { amount: 20_000 });
    expect([200, 202], out.body).toContain(out.statusCode);
    // The statement's net deposits: deposits minus withdrawals.
    const net = await getAs(test.app, token, '/api/account/net-deposits');
    expect(net.json()).toEqual({ threeMonths: 30_000, twelveMonths: 30_000 });

    nextMarketDay();
    const after = await toGame(token, 10_000);
    expect(after.statusCode, after.body).toBe(200);
    expect((await walletOf(test.app, token)).game('JOKER')).toBe(10_000);
    await booksAreSound(test.database.db);
  });
});

describe('loss limits', () => {
  it('stop money going into games once the net loss reaches the limit, leave the provider money, and lift next day', async () => {
    const { token } = await signedInMember(test.app);
    const login = await activate(test.app, token, 'JOKER');
    await credit(test.app, token, 100_000);
    await setLimits(token, {}, { day: 5_000, month: 50_000 });
    expect((await toGame(token, 50_000)).statusCode).toBe(200);
    expect((await limitsOf(token)).session).not.toBeNull();

    // Rounds won back do not count; lost ones do.
    const play = async (count: number, bet: number, win: number) => {
      const played = await moneyCall(test.app, token, '/api/sandbox/provider/JOKER/rounds', {
        count,
        bet,
        win,
      });
      expect(played.statusCode, played.body).toBe(200);
    };
    await play(2, 1_000, 1_000);
    await play(4, 1_000, 0);
    const playing = await limitsOf(token);
    expect(playing.loss.day.used).toBe(4_000);
    // The reality check's result of the session.
    expect(playing.session!.result).toBe(-4_000);
    expect((await toGame(token, 1_000)).statusCode).toBe(200);
    await play(1, 1_000, 0);
    expect((await limitsOf(token)).loss.day.used).toBe(5_000);

    const refused = await toGame(token, 1_000);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'LOSS_LIMIT' });
    expect((await launch(token, login.username)).json()).toEqual({ message: 'LOSS_LIMIT' });
    // Money already at the provider is not seized: it comes back.
    const back = await moneyCall(test.app, token, '/api/wallet/transfer', {
      from: 'JOKER',
      to: 'wallet',
      amount: 20_000,
    });
    expect(back.statusCode, back.body).toBe(200);

    const month = runningPeriod('month', clockAt);
    nextMarketDay();
    const view = await limitsOf(token);
    expect(view.loss.day.used).toBe(0);
    // The month goes on, unless this was its last day.
    expect(view.loss.month.used).toBe(clockAt < month.end ? 5_000 : 0);
    expect((await toGame(token, 1_000)).statusCode).toBe(200);
    expect((await launch(token, login.username)).statusCode).toBe(200);
    await booksAreSound(test.database.db);
  });

  it('ends the play session after 30 idle minutes', async () => {
    const { token } = await signedInMember(test.app);
    await activate(test.app, token, 'JOKER');
    await credit(test.app, token, 10_000);
    expect((await toGame(token, 1_000)).statusCode).toBe(200);
    const started = (await limitsOf(token)).session!.startedAt;
    clockAt = new Date(clockAt.getTime() + 29 * 60_000);
    expect((await toGame(token, 1_000)).statusCode).toBe(200);
    expect((await limitsOf(token)).session!.startedAt).toBe(started);
    clockAt = new Date(clockAt.getTime() + 31 * 60_000);
    expect((await limitsOf(token)).session).toBeNull();
    expect((await toGame(token, 1_000)).statusCode).toBe(200);
    expect((await limitsOf(token)).session!.startedAt).not.toBe(started);
  });
});
