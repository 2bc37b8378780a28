import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
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
 * A claim of an Idempotency-Key that travels inside the ledger's own statements
 * (docs/decisions/030-idempotency-travels-with-the-ledger.md): its insert goes with the hold, its
 * answer with the post or void, so a transfer commits twice instead of four times.
 */
export interface TravellingClaim {
  /** The claim's insert: one row (`claimed`) when the key is new, none when it is taken. */
  readonly insert: SQL;
  /**
   * The answer's update, for the settle's statement: written only where `settled` (a condition the
   * ledger gives) holds, and only over a claim that has no answer yet.
   */
  answer(answer: MoneyAnswer): (settled: SQL) => SQL;
  /** Set once a statement carrying `insert` committed with the claim written. */
  made: boolean;
  /** Set once a statement carrying an `answer` committed with it written. */
  answered: boolean;
}

/** The claim travelling with a hold was taken: an earlier or concurrent copy of the key exists. */
export class ClaimTaken extends Error {
  constructor() {
    super('idempotency: the claim was taken');
  }
}

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

  function keyOf(request: FastifyRequest) {
    const member = request.member;
    if (!member) throw new AppError('UNAUTHORIZED', 401);
    const parsed = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_HEADER]);
    if (!parsed.success) throw new AppError('IDEMPOTENCY_KEY_MISSING', 400);
    const fingerprint = createHash('sha256')
      .update(
        `${request.method} ${request.routeOptions.url ?? ''} ${canonicalJson(request.params)} ${canonicalJson(request.body)}`,
      )
      .digest('hex');
    return { memberId: member.id, key: parsed.data, fingerprint };
  }

  async function idempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    /**
     * `firstAttempt`: no earlier attempt under this key ever started, so nothing of it can be in
     * the ledger (callers may skip looking for an earlier attempt's traces; replaying is still safe).
     */
    work: (ledgerKey: string, firstAttempt: boolean) => Promise<MoneyAnswer>,
  ): Promise<FastifyReply> {
    const { memberId, key, fingerprint } = keyOf(request);
    const first = await claim.execute({ memberId, key, fingerprint });
    if (first.length === 0) {
      // The key was used before: the same request gets its answer, another one is refused.
      const [stored] = await db
        .select()
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.memberId, memberId), eq(idempotentRequests.key, key)));
      if (!stored || stored.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
      if (stored.responseStatus !== null) {
        return reply.status(stored.responseStatus).send(stored.responseBody);
      }
    }

    let answer: MoneyAnswer;
    try {
      answer = await work(`m${memberId}:${key}`, first.length === 1);
    } catch (error) {
      // A refusal is a final answer too: a retry must not succeed where the first attempt was refused.
      if (error instanceof AppError && error.statusCode < 500) {
        await remember(memberId, key, { status: error.statusCode, body: { message: error.code } });
      }
      throw error;
    }
    // PENDING (202) is not final: a retry asks again and learns how it ended.
    if (answer.status !== 202) await remember(memberId, key, answer);
    return reply.status(answer.status).send(answer.body);
  }

  /**
   * The same guarantees as `idempotent`, with the claim travelling inside the work's hold and the
   * answer inside its post or void (decision 030). The work runs first as a first attempt with a
   * `TravellingClaim`; when the hold finds the claim taken (`ClaimTaken`, nothing moved), or the
   * work is refused before its hold carried the claim (a refusal must not be stored over a key
   * that may be another request's, or an earlier attempt's with money held), it runs again on the
   * general path, which claims first and answers a known key from what is stored.
   */
  async function travelling(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (
      ledgerKey: string,
      how: { firstAttempt: boolean; claim: TravellingClaim | null },
    ) => Promise<MoneyAnswer>,
  ): Promise<FastifyReply> {
    const { memberId, key, fingerprint } = keyOf(request);
    const travel: TravellingClaim = {
      insert: sql`insert into idempotent_requests (member_id, key, fingerprint)
                  values (${memberId}, ${key}, ${fingerprint})
                  on conflict do nothing returning true as claimed`,
      answer:
        ({ status, body }) =>
        (settled) =>
          sql`update idempotent_requests
              set response_status = ${status}::integer, response_body = ${JSON.stringify(body)}::jsonb
              where member_id = ${memberId} and key = ${key} and response_status is null and ${settled}`,
      made: false,
      answered: false,
    };
    const general = () =>
      idempotent(request, reply, (ledgerKey, firstAttempt) => work(ledgerKey, { firstAttempt, claim: null }));
    let answer: MoneyAnswer;
    try {
      answer = await work(`m${memberId}:${key}`, { firstAttempt: true, claim: travel });
    } catch (error) {
      if (error instanceof ClaimTaken) return general();
      if (error instanceof AppError && error.statusCode < 500) {
        if (!travel.made) return general();
        if (!travel.answered) {
          await remember(memberId, key, { status: error.statusCode, body: { message: error.code } });
        }
      }
      throw error;
    }
    // NOTE: a work that never made its claim (nothing to hold) must not answer unclaimed.
    if (!travel.made) return general();
    if (answer.status !== 202 && !travel.answered) await remember(memberId, key, answer);
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

  return Object.assign(idempotent, { purge, travelling });
}

export type Idempotent = ReturnType<typeof createIdempotency>;
