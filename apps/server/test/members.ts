import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { memberHeaders } from './test-app';

/** A Thai mobile number no other test uses. */
export const randomPhone = (): string => `08${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
/** A bank account number no other test uses. */
export const randomAccountNo = (): string =>
  `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

export const post = (
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url, payload: payload as object, headers: memberHeaders(headers) });

/** The last code the sandbox SMS gateway delivered to `phone`. */
export async function lastCodeTo(app: FastifyInstance, phone: string): Promise<string> {
  const response = await app.inject({ url: `/api/sandbox/sms?phone=${phone}`, headers: memberHeaders() });
  const { messages } = response.json<{ messages: { code: string }[] }>();
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!.code;
}

/** Sends a code to `phone`, reads it from the outbox and verifies it; returns the code's token. */
export async function verifyPhone(app: FastifyInstance, phone: string): Promise<string> {
  const sent = await post(app, '/api/otp/send', { phoneNumber: phone });
  expect(sent.statusCode, sent.body).toBe(200);
  const { otpToken } = sent.json<{ otpToken: string }>();
  const verified = await post(app, '/api/otp/verify', { otpToken, otpCode: await lastCodeTo(app, phone) });
  expect(verified.statusCode, verified.body).toBe(200);
  return otpToken;
}

export interface Registration {
  name: string;
  username: string;
  password: string;
  sourceCode: string;
  inviteCode: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  currency: string;
  otpToken?: string;
}

export const registration = (overrides: Partial<Registration> = {}): Registration => ({
  name: 'Somchai',
  username: randomPhone(),
  password: 'Wallet-test-7395',
  sourceCode: 'FACEBOOK',
  inviteCode: '',
  bankCode: 'SCB',
  bankAccountNo: randomAccountNo(),
  bankAccountName: 'SOMCHAI JAIDEE',
  currency: 'BAHT',
  ...overrides,
});

/** Registers a member through the API, phone verified first; returns the payload and the id. */
export async function registerMember(app: FastifyInstance, overrides: Partial<Registration> = {}) {
  const payload = registration(overrides);
  const otpToken = await verifyPhone(app, payload.username);
  const response = await post(app, '/api/account', { ...payload, otpToken });
  expect(response.statusCode, response.body).toBe(200);
  return { ...payload, id: response.json<{ id: string }>().id };
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await post(app, '/api/login', { username, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
