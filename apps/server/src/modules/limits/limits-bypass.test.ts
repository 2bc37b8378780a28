import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  activate,
  appForFile,
  booksAreSound,
  credit,
  MONEY_ENV,
  moneyCall,
  signedInMember,
} from '../../../test/money';
import { bearer } from '../../../test/members';
import { memberHeaders } from '../../../test/test-app';
import { GUARDED_ROUTES } from './limits.guard';

/**
 * The bypass sweep (issue 29, decision 061): every member route of the OpenAPI document is called
 * in each of the four states (time-out, self-exclusion, deposits past a limit, a loss limit
 * reached), and none moves money toward play. A member route the guard does not list must be
 * listed here as one that moves nothing toward play, or this file fails.
 */
let clockAt = new Date();
const test = appForFile(MONEY_ENV, { clock: () => clockAt });
beforeEach(() => {
  clockAt = new Date();
});

/** Member routes that move no money toward play, and why. */
const MOVES_NOTHING_TOWARD_PLAY = [
  'POST /api/logout',
  'GET /api/account/profile',
  'PUT /api/account/profile',
  'PUT /api/account/changepwd',
  'PUT /api/account/bankAccountName',
  // The limits themselves: tightening is always allowed, loosening waits (decision 061).
  'GET /api/account/limits',
  'GET /api/account/net-deposits',
  'PUT /api/account/limits',
  'POST /api/account/limits/confirm',
  'POST /api/account/timeout',
  'POST /api/account/self-exclusion',
  'POST /api/account/self-exclusion/end',
  // Reads, and a game account opened or its password reset: no money moves.
  'GET /api/wallet',
  'GET /api/wallet/refresh/slot',
  'GET /api/wallet/activate/{gameCode}',
  'GET /api/wallet/account/{gameCode}',
  'GET /api/wallet/resetpassword/{gameCode}',
  'GET /api/wallet/transfers/held',
  // Money out to the member's bank.
  'POST /api/wallet/withdraw',
  'POST /api/wallet/withdrawAll',
  'GET /api/wallet/withdrawals/pending',
  'POST /api/statement',
  'POST /api/statement/slip',
  'GET /api/statement/slip/reference/{reference}',
  // Bonus reads, and ending a bonus (money comes back, never goes in).
  'GET /api/bonus',
  'GET /api/bonus/check/active',
  'GET /api/bonus/check/minimum',
  'GET /api/bonus/clear',
  'GET /api/bonus/progress',
  'GET /api/bonus/claimable',
  'GET /api/promotion/current',
  'GET /api/promotion/find/{code}',
  'POST /api/invite',
  'GET /api/invite/bonus',
  'GET /api/invite/banners',
  'POST /api/refund',
  'GET /api/refund/check',
  'GET /api/refund/banners',
  'GET /api/spinwheel/active',
  'GET /api/spinwheel/setup',
  'GET /api/spinwheel/coupon',
  // A QR code read or cancelled.
  'GET /api/qrcode',
  'GET /api/qrcode/{provider}',
  'DELETE /api/qrcode/{qrcodeId}',
  // Support chat stays open in every state.
  'POST /api/chat/send-message',
  'POST /api/chat/history',
  'POST /api/chat/since',
  'PUT /api/chat/read-customer',
  'POST /api/chat/unread',
  'POST /api/chat/claim-guest',
  'POST /api/chat/push-subscription',
  'POST /api/chat/upload-image',
  'POST /api/chat/upload-video',
];

const openApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');
const GUARDED = new Map(Object.entries(GUARDED_ROUTES).map(([route, rule]) => [openApiPath(route), rule]));

type Doc = { paths: Record<string, Record<string, { security?: unknown[] }>> };
async function memberRoutes(): Promise<string[]> {
  const doc = (await test.app.inject({ url: '/api/docs' })).json<Doc>();
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => JSON.stringify(operation.security ?? []).includes('bearer'))
      .filter(() => !path.startsWith('/api/console') && !path.startsWith('/api/sandbox'))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

/** What each route is called with: a request that would move money if nothing stopped it. */
function requestOf(route: string, member: { username: string; link: string }) {
  const [method, path] = route.split(' ') as [string, string];
  const url = path
    .replace('{gameCode}', 'JOKER')
    .replace('{game}', 'JOKER')
    .replace('{username}', member.username)
    .replace('{password}', 'x')
    .replace('{provider}', 'FP')
    .replace('{code}', 'WELCOME')
    .replace(/\{\w+\}/g, 'nothing');
  const bodies: Record<string, object> = {
    'POST /api/wallet/transfer': { from: 'wallet', to: 'JOKER', amount: 1_000 },
    'POST /api/wallet/transferAll': { to: 'JOKER' },
    'POST /api/qrcode/{provider}': { amount: 5_000 },
    'POST /api/wallet/truelink': { link: member.link },
    'POST /api/wallet/add': { amount: 5_000 },
    'POST /api/wallet/withdraw': { amount: 1_000 },
    'POST /api/invite/claim': {},
    'POST /api/spinwheel/spin': {},
    'POST /api/spinwheel/coupon/claim': { coupon: 'nothing' },
    'POST /api/statement': { page: 1, limit: 10 },
  };
  if (route === 'POST /api/wallet/slip') {
    const boundary = `limits${randomUUID()}`;
    return {
      method,
      url,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\nnot really a slip\r\n--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }
  return {
    method,
    url,
    payload: method === 'GET' || method === 'DELETE' ? undefined : (bodies[route] ?? {}),
  };
}

const STATES = ['TIMED_OUT', 'SELF_EXCLUDED', 'DEPOSIT_LIMIT', 'LOSS_LIMIT'] as const;
type State = (typeof STATES)[number];

/** A member with money in the wallet and at a game, then put in `state`. */
async function memberIn(state: State) {
  const member = await signedInMember(test.app);
  const { token } = member;
  const login = await activate(test.app, token, 'JOKER');
  await credit(test.app, token, 100_000);
  const moved = await moneyCall(test.app, token, '/api/wallet/transfer', {
    from: 'wallet',
    to: 'JOKER',
    amount: 20_000,
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const call = (method: string, url: string, payload?: object) =>
    test.app.inject({ method: method as 'POST', url, payload, headers: memberHeaders(bearer(token)) });
  const none = { day: null, week: null, month: null };
  if (state === 'TIMED_OUT')
    expect((await call('POST', '/api/account/timeout', { days: 1 })).statusCode).toBe(200);
  if (state === 'SELF_EXCLUDED')
    expect((await call('POST', '/api/account/self-exclusion', { months: 6 })).statusCode).toBe(200);
  if (state === 'DEPOSIT_LIMIT') {
    const set = { deposit: { ...none, day: 10_000 }, loss: none, realityCheckMinutes: null };
    expect((await call('PUT', '/api/account/limits', set)).statusCode).toBe(200);
    // A bank transfer past the limit (it is credited).
    await credit(test.app, token, 50_000);
  }
  if (state === 'LOSS_LIMIT') {
    const set = { deposit: none, loss: { ...none, week: 2_000 }, realityCheckMinutes: null };
    expect((await call('PUT', '/api/account/limits', set)).statusCode).toBe(200);
    const played = await moneyCall(test.app, token, '/api/sandbox/provider/JOKER/rounds', {
      count: 2,
      bet: 1_000,
      win: 0,
    });
    expect(played.statusCode, played.body).toBe(200);
  }
  const link = (
    await test.app.inject({
      method: 'POST',
      url: '/api/sandbox/voucher',
      payload: { amount: 5_000 },
      headers: memberHeaders(),
    })
  ).json<{ link: string }>().link;
  return { ...member, username: login.username, link };
}

describe('the bypass sweep', () => {
  it('knows every member route of the API document', async () => {
    const routes = await memberRoutes();
    const unknown = routes.filter(
      (route) => !GUARDED.has(route) && !MOVES_NOTHING_TOWARD_PLAY.includes(route),
    );
    const listed = [...GUARDED.keys(), ...MOVES_NOTHING_TOWARD_PLAY];
    expect(unknown).toEqual([]);
    expect(listed.filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(STATES)('calls every member route in the state %s and moves nothing toward play', async (state) => {
    const member = await memberIn(state);
    const { ledger } = test.services;
    const before = await ledger.memberHoldings(member.id);
    const blocked = state === 'TIMED_OUT' || state === 'SELF_EXCLUDED';
    for (const route of await memberRoutes()) {
      // The limits' own calls are tested in limits.test.ts; logging out would end the sweep.
      if (route.startsWith('POST /api/account/') || route.startsWith('PUT /api/account/limits')) continue;
      if (route === 'POST /api/logout') continue;
      const request = requestOf(route, member);
      const answer = await test.app.inject({
        method: request.method as 'POST',
        url: request.url,
        payload: request.payload,
        headers: memberHeaders({
          ...bearer(member.token),
          'idempotency-key': randomUUID(),
          ...('contentType' in request ? { 'content-type': request.contentType } : {}),
        }),
      });
      const rule = GUARDED.get(route);
      const judged = typeof rule === 'function' ? 'play' : rule;
      const expected =
        judged === 'play'
          ? state
          : judged && blocked
            ? state
            : state === 'DEPOSIT_LIMIT' && route === 'POST /api/qrcode/{provider}'
              ? 'DEPOSIT_LIMIT'
              : null;
      if (expected) {
        expect(answer.json<{ message?: string }>().message, `${route} in ${state}`).toBe(expected);
        expect(answer.statusCode, route).toBeGreaterThanOrEqual(400);
      }
    }
    const after = await ledger.memberHoldings(member.id);
    // Nothing went into a game (what was played there only lowers it), and in a time-out or
    // self-exclusion nothing came into the wallet either.
    expect(after.games).toBeLessThanOrEqual(before.games);
    if (blocked) expect(after.wallet).toBeLessThanOrEqual(before.wallet);
    await booksAreSound(test.database.db);
  });
});
