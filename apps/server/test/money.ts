import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { MoneyResult, WalletResponse } from '@wallet/contract/http/wallet';
import { bearer, login, registerMember } from './members';
import { memberHeaders } from './test-app';

/** A registered, signed-in member. */
export async function signedInMember(app: FastifyInstance) {
  const member = await registerMember(app);
  return { id: Number(member.id), token: await login(app, member.username, member.password), member };
}

/** A money call as the app makes it: bearer token and an Idempotency-Key (fresh unless given). */
export const moneyCall = (
  app: FastifyInstance,
  token: string,
  url: string,
  payload: object,
  key: string = randomUUID(),
) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: memberHeaders({ ...bearer(token), 'idempotency-key': key }),
  });

export const getAs = (app: FastifyInstance, token: string, url: string) =>
  app.inject({ url, headers: memberHeaders(bearer(token)) });

export async function walletOf(app: FastifyInstance, token: string) {
  const response = await getAs(app, token, '/api/wallet');
  expect(response.statusCode, response.body).toBe(200);
  const wallet = response.json<WalletResponse>();
  const game = (code: string) => wallet.games.find((entry) => entry.code === code)!;
  return { wallet: wallet.wallet.amount, game: (code: string) => game(code).amount, raw: wallet };
}

export async function credit(app: FastifyInstance, token: string, amount: number): Promise<void> {
  const response = await moneyCall(app, token, '/api/sandbox/credit', { amount });
  expect(response.statusCode, response.body).toBe(200);
}

export async function activate(app: FastifyInstance, token: string, code: string) {
  const response = await getAs(app, token, `/api/wallet/activate/${code}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ username: string; password: string }>();
}

export async function setFault(app: FastifyInstance, code: string, mode: string, latencyMs = 0) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/sandbox/provider/${code}/faults`,
    payload: { mode, latencyMs },
    headers: memberHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

export const resultOf = (response: { json: <T>() => T }) => response.json<MoneyResult>();

/** The app listening on a free port (the sandbox provider and payout service are reached over HTTP). */
export async function listen(app: FastifyInstance): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
}
