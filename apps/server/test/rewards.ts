import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { login, registerMember } from './members';
import { getAs, moneyCall } from './money';
import type { TestApp } from './test-app';

/** A surname no other test's member has (bank account names are letters only). */
export const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(65 + randomInt(0, 26))).join('');

/**
 * The calls the invite and refund tests make, as a member would (decision 020), and the programs'
 * settings as an operator would change them.
 */
export function rewardsCalls(test: () => TestApp) {
  const app = () => test().app;
  const get = async <T>(token: string, url: string) => {
    const response = await getAs(app(), token, url);
    return { status: response.statusCode, body: response.json<T & { message?: string }>() };
  };
  const rewards = () => test().services.rewards;
  return {
    get,
    async postAs<T>(token: string, url: string, payload: object = {}) {
      const response = await moneyCall(app(), token, url, payload);
      return { status: response.statusCode, body: response.json<T & { message?: string }>() };
    },
    /** A deposit (the sandbox credit), under `key` when a test replays it. */
    async credit(token: string, amount: number, key = randomUUID()) {
      const response = await moneyCall(app(), token, '/api/sandbox/credit', { amount }, key);
      expect(response.statusCode, response.body).toBe(200);
    },
    /** Rounds at a sandbox game, played now or at `at` (a closed period's). */
    async play(token: string, game: string, count: number, bet: number, win: number, at?: Date) {
      const played = await moneyCall(app(), token, `/api/sandbox/provider/${game}/rounds`, {
        count,
        bet,
        win,
        ...(at ? { playedAt: at.toISOString() } : {}),
      });
      expect(played.statusCode, played.body).toBe(200);
    },
    async toGame(token: string, to: string, amount: number) {
      const moved = await moneyCall(app(), token, '/api/wallet/transfer', { from: 'wallet', to, amount });
      expect(moved.statusCode, moved.body).toBe(200);
    },
    async member(overrides: Parameters<typeof registerMember>[1] = {}) {
      const registered = await registerMember(app(), overrides);
      return {
        id: Number(registered.id),
        token: await login(app(), registered.username, registered.password),
      };
    },
    rewards,
    setInvite: (settings: Record<string, unknown>) =>
      rewards().updateProgram('invite', { settings: everyCurrency(settings) }),
    setRefund: (settings: Record<string, unknown>) =>
      rewards().updateProgram('refund', { settings: everyCurrency(settings) }),
  };
}

/** The programmes' amount settings (decision 067). */
const AMOUNTS = ['dailyCap', 'minimumClaim', 'cap', 'minimum', 'floor'];

/**
 * A programme's settings as tests write them: an amount may be one figure, meaning the same in
 * every currency (a test's member is in one).
 */
function everyCurrency(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [
      key,
      AMOUNTS.includes(key) && typeof value === 'number' ? { BAHT: value, LAK: value } : value,
    ]),
  );
}
