import type { $ZodType, output } from 'zod/v4/core';
import { useState } from 'react';
import { IDEMPOTENCY_HEADER } from '@wallet/contract/http/wallet';
import { ApiError, apiRequest } from './api-client';

/** A fresh key of 16-100 letters, digits and '-' (a UUID); getRandomValues where randomUUID is missing. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // NOTE: randomUUID exists only in secure contexts; getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * An answer that does not tell whether the server moved the money: the request never came
 * back (network, timeout), the server broke (5xx), or the answer could not be read.
 */
function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

export interface MoneyRequester {
  /** POSTs `body` to `path` with an Idempotency-Key header and checks the answer against `schema`. */
  send<S extends $ZodType>(path: string, body: unknown, schema: S): Promise<output<S>>;
  /**
   * Any other money call (an upload): `run` gets the key to send. `request` names the request
   * (for a file: its name, size and date), so a retry of the same one reuses the key.
   */
  keyed<T>(request: string, run: (key: string) => Promise<T>): Promise<T>;
}

/**
 * One member's money calls, one Idempotency-Key per member action: the very same request sent
 * again after an unknown outcome (lost connection, timeout, 5xx) carries the same key, so the
 * server answers what it did the first time instead of moving the money twice. After a definite
 * answer (success or a refusal), or for a different request, the next send is a new action with
 * a new key; that way a member who deliberately sends the same amount again is not answered
 * with the earlier result.
 */
export function createMoneyRequester(newKey: () => string = newIdempotencyKey): MoneyRequester {
  let unsettled: { request: string; key: string } | null = null;
  async function keyed<T>(request: string, run: (key: string) => Promise<T>): Promise<T> {
    const key = unsettled?.request === request ? unsettled.key : newKey();
    unsettled = { request, key };
    try {
      const answer = await run(key);
      unsettled = null;
      return answer;
    } catch (error) {
      if (!outcomeUnknown(error)) unsettled = null;
      throw error;
    }
  }
  return {
    keyed,
    send: (path, body, schema) =>
      keyed(`${path} ${JSON.stringify(body)}`, (key) =>
        apiRequest(path, { method: 'POST', body, schema, headers: { [IDEMPOTENCY_HEADER]: key } }),
      ),
  };
}

/** The requester of one screen or dialog, kept across renders. */
export function useMoneyRequester(): MoneyRequester {
  const [requester] = useState(() => createMoneyRequester());
  return requester;
}
