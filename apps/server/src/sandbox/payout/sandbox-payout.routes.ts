import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYOUT_KEY_HEADER,
  PayoutRequestBody,
  type PayoutStatusBody,
} from '../../adapters/payout/payout-service';
import type { Database } from '../../platform/db/database';
import { sameSecret } from '../../platform/crypto';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { sandboxPayoutFaults, sandboxPayouts } from './sandbox-payout.tables';

export const PAYOUT_FAULT_MODES = ['none', 'reject', 'timeout'] as const;
type FaultMode = (typeof PAYOUT_FAULT_MODES)[number];

export interface SandboxPayoutOptions {
  db: Database;
  key: string;
  /** Time between taking an order and paying it. */
  delayMs: number;
}

/** How long a `timeout` fault holds its answer: longer than any client waits. */
const HANG_MS = 30_000;

/**
 * The sandbox payout service: takes orders by reference (once), pays them after a delay, and
 * answers what became of a reference. Reached over HTTP like the real gateway, under
 * /api/sandbox/payout-api; only registered in sandbox mode.
 */
export const sandboxPayoutRoutes: FastifyPluginAsyncZod<SandboxPayoutOptions> = async (
  app,
  { db, key, delayMs },
) => {
  // A held answer ends when the server closes, as the provider's do, instead of keeping it open.
  const closing = new AbortController();
  app.addHook('onClose', async () => closing.abort());

  async function faultMode(): Promise<FaultMode> {
    const [row] = await db.select().from(sandboxPayoutFaults).where(eq(sandboxPayoutFaults.id, 1));
    return (row?.mode as FaultMode | undefined) ?? 'none';
  }

  function statusOf(row: typeof sandboxPayouts.$inferSelect): PayoutStatusBody {
    if (row.status === 'rejected')
      return { reference: row.reference, status: 'rejected', reason: row.reason };
    return { reference: row.reference, status: row.payAt.getTime() <= Date.now() ? 'paid' : 'pending' };
  }

  app.addHook('onRequest', async (request, reply) => {
    // NOTE: the matched route, not the raw URL: a percent-encoded path reaches the same route.
    if (!(request.routeOptions.url ?? '').startsWith('/api/sandbox/payout-api/')) return;
    const given = request.headers[PAYOUT_KEY_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, key)) {
      return reply.status(401).send({ error: 'BAD_KEY' });
    }
  });

  app.post(
    '/api/sandbox/payout-api/payouts',
    { schema: { hide: true, body: PayoutRequestBody } },
    async (request, reply) => {
      const order = request.body;
      const mode = await faultMode();
      if (mode === 'timeout') {
        await sleep(HANG_MS, undefined, { signal: closing.signal }).catch(() => undefined);
        return reply.status(504).send();
      }
      const expired = new Date(order.expiresAt).getTime() < Date.now();
      const rejection = expired ? 'EXPIRED' : mode === 'reject' ? 'BANK_REJECTED' : null;
      try {
        await db.insert(sandboxPayouts).values({
          reference: order.reference,
          amount: BigInt(order.amount),
          currency: order.currency,
          bankCode: order.bankCode,
          accountNo: order.accountNo,
          accountName: order.accountName,
          status: rejection ? 'rejected' : 'accepted',
          reason: rejection,
          payAt: new Date(Date.now() + delayMs),
        });
      } catch (error) {
        // A reference is taken once; a repeat answers what became of the first.
        if (!uniqueViolation(error)) throw error;
      }
      const [row] = await db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.reference, order.reference));
      const status = statusOf(row!);
      return reply.status(status.status === 'rejected' ? 422 : 200).send(status);
    },
  );

  app.get(
    '/api/sandbox/payout-api/payouts/:reference',
    { schema: { hide: true, params: z.object({ reference: z.string() }) } },
    async (request, reply) => {
      const [row] = await db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.reference, request.params.reference));
      if (!row) return reply.status(404).send({ status: 'not_found' });
      return statusOf(row);
    },
  );

  app.post(
    '/api/sandbox/payout/faults',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Makes the sandbox payout service reject or hang on new orders',
        body: z.object({ mode: z.enum(PAYOUT_FAULT_MODES) }),
      },
    },
    async (request) => {
      await db
        .insert(sandboxPayoutFaults)
        .values({ id: 1, mode: request.body.mode })
        .onConflictDoUpdate({ target: sandboxPayoutFaults.id, set: { mode: sql`excluded.mode` } });
      return { mode: request.body.mode };
    },
  );
};
