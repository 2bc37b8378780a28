import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { ownerGone, type ProcessLiveness } from '../../platform/db/liveness';
import { rowsOf } from '../../platform/db/rows';
import type { PendingHold } from './ledger.types';

/**
 * The reconciler's queue of pending holds (docs/decisions/010 and 037): claims, back-off, and the
 * wake-up of holds whose outside system answers again. Part of the ledger service; the ledger
 * writes the rows (ledger_move adds one per hold and deletes it when the hold is settled).
 */

/** A pending hold one process has claimed for a while (docs/decisions/010). */
export interface ClaimedHold extends PendingHold {
  /** Its age on the database's clock when claimed. */
  ageMs: number;
  /** Earlier checks that found no final answer (the back-off grows with them). */
  checks: number;
  /** The outside system that did not answer its last check, or null (decision 037). */
  unansweredSystem: string | null;
  /** The claim's lease, as the database wrote it: only this claim may defer the hold. */
  lease: string;
}

/** What a claim reads: the hold and its queue row. */
interface ClaimedRow {
  id: number;
  idempotency_key: string;
  amount: string;
  kind: string;
  metadata: Record<string, unknown>;
  created_at: Date | string;
  from_key: string;
  checks: number;
  unanswered_system: string | null;
  lease: string;
  age_ms: string;
}

const claimedHoldOf = (row: ClaimedRow): ClaimedHold => ({
  id: Number(row.id),
  key: row.idempotency_key,
  amount: BigInt(row.amount),
  kind: row.kind.slice('hold:'.length),
  metadata: row.metadata,
  createdAt: new Date(row.created_at),
  from: row.from_key,
  ageMs: Number(row.age_ms),
  checks: Number(row.checks),
  unansweredSystem: row.unanswered_system,
  lease: row.lease,
});

export interface DeferOptions {
  /**
   * Asked again after this long, unless the hold can be settled earlier (`settlesAfterMs`); null:
   * when it was to be asked anyway (a question out of turn that got no answer changes nothing).
   */
  delayMs: number | null;
  /** The hold's count of checks from now on. */
  checks: number;
  /** The outside system that did not answer this check; null when it answered. */
  unansweredSystem: string | null;
  /**
   * The hold's age (database clock) after which a reference the outside system never saw is a
   * definite failure: the next check is never later than that moment (plus a second, so that the
   * age read then is past it). Undefined: no such moment.
   */
  settlesAfterMs?: number;
}

export function createHoldQueue(db: Database, liveness: ProcessLiveness) {
  /** Claims the pending row chosen by `choose` (a subquery of one transfer_id, FOR UPDATE SKIP LOCKED). */
  async function claim(choose: SQL, leaseMs: number): Promise<ClaimedHold | null> {
    const [row] = await rowsOf<ClaimedRow>(
      db,
      sql`with claimed as (
            update ledger_pending_holds p
            set leased_until = now() + ${leaseMs} * interval '1 millisecond',
                leased_by = ${liveness.key()?.toString() ?? null}::bigint
            where p.transfer_id = (${choose})
            returning p.transfer_id, p.checks, p.unanswered_system, p.leased_until::text as lease)
          select h.id, h.idempotency_key, h.amount::text, h.kind, h.metadata, h.created_at,
                 a.key as from_key, claimed.checks, claimed.unanswered_system, claimed.lease,
                 (extract(epoch from now() - h.created_at) * 1000)::bigint::text as age_ms
          from claimed
          join ledger_transfers h on h.id = claimed.transfer_id
          join ledger_accounts a on a.id = h.debit_account_id`,
    );
    return row ? claimedHoldOf(row) : null;
  }

  // NOTE: a claim of a process that is gone is free at once, not when its lease runs out
  // (decision 041): a process killed during a pass must not hold up the holds it had claimed.
  const free = sql`(q.leased_until is null or q.leased_until < now() or ${sql.raw(ownerGone('q.leased_by'))})`;

  return {
    /**
     * Claims the next pending hold after `afterId` that no other process holds a lease on: due
     * ones only, or every one (`all`: at start-up, after a crash). The claim is a lease of
     * `leaseMs` on the database's clock; SKIP LOCKED lets claimers pass each other's rows.
     */
    claimHold(options: { afterId: number; all: boolean; leaseMs: number }): Promise<ClaimedHold | null> {
      return claim(
        sql`select q.transfer_id from ledger_pending_holds q
            where q.transfer_id > ${options.afterId} and ${free}
              and (${options.all} or q.next_check_at <= now())
            order by q.transfer_id limit 1
            for update skip locked`,
        options.leaseMs,
      );
    },

    /**
     * The outside systems whose unanswered holds are all waiting out a back-off: one question to
     * each tells whether it answers again (decision 037).
     */
    async silentSystems(): Promise<string[]> {
      const rows = await rowsOf<{ system: string }>(
        db,
        sql`select unanswered_system as system from ledger_pending_holds
            where unanswered_system is not null
            group by unanswered_system having min(next_check_at) > now()`,
      );
      return rows.map((row) => row.system);
    },

    /** Claims, not due, the hold of `system` that is next due: the probe of a silent system. */
    claimProbe(system: string, leaseMs: number): Promise<ClaimedHold | null> {
      return claim(
        sql`select q.transfer_id from ledger_pending_holds q
            where q.unanswered_system = ${system} and ${free}
            order by q.next_check_at limit 1
            for update skip locked`,
        leaseMs,
      );
    },

    /**
     * A claimed hold that got no final answer: asked again after `delayMs` (never later than the
     * moment it can be settled), its lease released; only by the claim that holds the lease (one
     * whose lease ran out and was taken over changes nothing).
     */
    async deferHold(hold: Pick<ClaimedHold, 'key' | 'lease'>, options: DeferOptions): Promise<void> {
      const settles = options.settlesAfterMs ?? null;
      const later =
        options.delayMs === null
          ? sql`p.next_check_at`
          : sql`now() + ${options.delayMs} * interval '1 millisecond'`;
      // NOTE: the cap applies only while the settle moment is ahead: past it the hold waits for an
      // outside answer, and asking at once would turn a silent system into a busy loop.
      const settleAt = sql`h.created_at + (${settles}::bigint + 1000) * interval '1 millisecond'`;
      await db.execute(
        sql`update ledger_pending_holds p
            set next_check_at = case when ${settles}::bigint is not null and ${settleAt} > now()
                                     then least(${later}, ${settleAt}) else ${later} end,
                checks = ${options.checks}, unanswered_system = ${options.unansweredSystem},
                leased_until = null
            from ledger_transfers h
            where p.idempotency_key = ${hold.key} and p.leased_until::text = ${hold.lease}
              and h.id = p.transfer_id`,
      );
    },

    /**
     * A hold whose outside call is about to be made (a withdrawal staff just approved): due now,
     * its back-off forgotten, so that a crash before the call is followed up at the next pass
     * rather than at the end of the back-off its long review built up.
     */
    async hurryHold(key: string): Promise<void> {
      await db.execute(
        sql`update ledger_pending_holds set next_check_at = now(), checks = 0 where idempotency_key = ${key}`,
      );
    },

    /**
     * `system` answered again: every hold waiting out a back-off because it did not answer is due
     * now. Answers how many were woken.
     */
    async wakeHolds(system: string): Promise<number> {
      const rows = await rowsOf<{ transfer_id: string }>(
        db,
        sql`update ledger_pending_holds set next_check_at = now()
            where unanswered_system = ${system} and next_check_at > now()
            returning transfer_id`,
      );
      return rows.length;
    },
  };
}
