import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IdempotencyKey, type MoneyResult } from '@wallet/contract/http/wallet';
import type { Database } from '../db/database';
import { canonicalJson } from '../canonical-json';
import { AppError } from '../errors';
import { idempotentRequests } from './idempotency.tables';

/** A money call's answer: its HTTP status and body. */
export interface MoneyAnswer {
  status: number;
  body: unknown;
}

/** A money result as an answer: 202 while an outside system has not said how it ended. */
export const moneyAnswer = (result: MoneyResult): MoneyAnswer => ({
  status: result.status === 'PENDING' ? 202 : 200,
  body: result,
});

/**
 * Runs a money call at most once per member and Idempotency-Key.
 *
 * - The same key with the same route and body gets the first final answer again (success or a
 *   refusal such as MONEY_NOT_ENOUGH), and nothing moves again.
 * - The same key with anything else is refused with IDEMPOTENCY_KEY_REUSED.
 * - An attempt that has no final answer yet (still running, crashed, or PENDING at an outside
 *   system) runs again: that is safe because every ledger key and outside reference of the work
 *   derives from `ledgerKey`, so a second run replays instead of moving money twice.
 */
export function createIdempotency(db: Database) {
  // Two of these run on every money call: built once and prepared.
  const claim = db
    .insert(idempotentRequests)
    .values({
      memberId: sql.placeholder('memberId'),
      key: sql.placeholder('key'),
      fingerprint: sql.placeholder('fingerprint'),
    })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key })
    .prepare('idempotency_claim');
  const answer = db
    .update(idempotentRequests)
    .set({
      responseStatus: sql`${sql.placeholder('status')}::integer`,
      responseBody: sql`${sql.placeholder('body')}::jsonb`,
    })
    .where(
      and(
        eq(idempotentRequests.memberId, sql.placeholder('memberId')),
        eq(idempotentRequests.key, sql.placeholder('key')),
        // The first final answer wins; a concurrent copy does not overwrite it.
        isNull(idempotentRequests.responseStatus),
      ),
    )
    .prepare('idempotency_answer');

  async function idempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    /**
     * `firstAttempt`: no earlier attempt under this key ever started, so nothing of it can be in
     * the ledger (callers may skip looking for an earlier attempt's traces; replaying is still safe).
     */
    work: (ledgerKey: string, firstAttempt: boolean) => Promise<MoneyAnswer>,
  ): Promise<FastifyReply> {
    const member = request.member;
    if (!member) throw new AppError('UNAUTHORIZED', 401);
    const parsed = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_HEADER]);
    if (!parsed.success) throw new AppError('IDEMPOTENCY_KEY_MISSING', 400);
    const key = parsed.data;
    const fingerprint = createHash('sha256')
      .update(
        `${request.method} ${request.routeOptions.url ?? ''} ${canonicalJson(request.params)} ${canonicalJson(request.body)}`,
      )
      .digest('hex');

    const first = await claim.execute({ memberId: member.id, key, fingerprint });
    if (first.length === 0) {
      // The key was used before: the same request gets its answer, another one is refused.
      const [stored] = await db
        .select()
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.memberId, member.id), eq(idempotentRequests.key, key)));
      if (!stored || stored.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
      if (stored.responseStatus !== null) {
        return reply.status(stored.responseStatus).send(stored.responseBody);
      }
    }

    let answer: MoneyAnswer;
    try {
      answer = await work(`m${member.id}:${key}`, first.length === 1);
    } catch (error) {
      // A refusal is a final answer too: a retry must not succeed where the first attempt was refused.
      if (error instanceof AppError && error.statusCode < 500) {
        await remember(member.id, key, { status: error.statusCode, body: { message: error.code } });
      }
      throw error;
    }
    // PENDING (202) is not final: a retry asks again and learns how it ended.
    if (answer.status !== 202) await remember(member.id, key, answer);
    return reply.status(answer.status).send(answer.body);
  }

  /**
   * Forgets requests older than `before`. A retry after that runs the work again, which is safe:
   * every ledger key and outside reference derives from the key, so the money replays.
   */
  async function purge(before: Date): Promise<number> {
    const gone = await db
      .delete(idempotentRequests)
      .where(lt(idempotentRequests.createdAt, before))
      .returning({ key: idempotentRequests.key });
    return gone.length;
  }

  async function remember(memberId: number, key: string, { status, body }: MoneyAnswer): Promise<void> {
    await answer.execute({ memberId, key, status, body: JSON.stringify(body) });
  }

  return Object.assign(idempotent, { purge });
}

export type Idempotent = ReturnType<typeof createIdempotency>;
