import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedHold, HoldState, LedgerService } from '../ledger/ledger.service';

/**
 * Finishes one kind of hold by asking the outside system; answers where the hold stands now. It
 * throws when the outside system did not answer (down, hanging, an unreadable answer).
 */
export type HoldResolver = (hold: ClaimedHold) => Promise<HoldState>;

/** One kind of hold: how it is finished, by whom, and when it can be settled (decision 037). */
export interface HoldKind {
  resolve: HoldResolver;
  /**
   * The outside system that answers for this hold (default: the kind). When it answers again
   * after a silence, every hold that waits on it is asked at once.
   */
  system?: (hold: ClaimedHold) => string;
  /**
   * The hold's age after which a reference the outside system never saw is a definite failure
   * (`REFERENCE_TTL_SECONDS` plus the call's timeout): it is asked again by then at the latest.
   */
  settlesAfterMs?: number;
}

export interface ReconcilerOptions {
  ledger: LedgerService;
  /** By hold kind (the kind given to ledger.hold). */
  resolvers: Record<string, HoldResolver | HoldKind>;
  /**
   * Other unfinished money work, run after the holds on every pass (for example payments the
   * gateway reported whose credit failed); each answers how many things it finished, and claims
   * its own rows so that several processes may run it at once.
   */
  sweeps?: { name: string; run: () => Promise<number> }[];
  /**
   * The longest one resolver may take (its outside calls' time limits, with room to spare): a
   * claimed hold is left to its process this long; after that (a crash) another may claim it.
   */
  leaseMs: number;
  /** Holds asked about at the same time, at most (default 8). */
  parallel?: number;
  /**
   * How long a hold with no final answer waits before it is asked again, by earlier checks (never
   * past the moment it can be settled, `settlesAfterMs`).
   */
  retryDelayMs: (checks: number) => number;
  log: FastifyBaseLogger;
}

export interface ReconcileReport {
  posted: number;
  voided: number;
  pending: number;
  errors: number;
}

/**
 * Finishes money left pending at an outside system: a timeout, an unknown answer, or a crash at
 * any point between the hold and its settlement (docs/decisions/010).
 *
 * Any number of server processes run it side by side. Each hold is claimed before it is asked
 * about: a lease on its pending row, taken with FOR UPDATE SKIP LOCKED on the database's clock,
 * so no two processes ask about the same hold at once and a killed process's claims come back
 * when their lease ends. A hold with no final answer is asked again later, with back-off, but
 * never later than the moment it can be settled; a hold whose outside system did not answer is
 * asked again as soon as that system answers again, which one question per pass finds out
 * (docs/decisions/037). Up to
 * `parallel` holds are asked about at once, so a hung provider holds up only the calls to it.
 * Settling is idempotent anyway (one settle key per hold), so even an expired lease cannot settle
 * a hold twice.
 */
export function createReconciler(options: ReconcilerOptions) {
  const { ledger, resolvers, log } = options;
  const parallel = options.parallel ?? 8;
  let running: Promise<ReconcileReport> | null = null;

  /**
   * Deferrals the database refused (it was down), made at the next pass: a claim is released as
   * soon as the database is back rather than when its lease ends.
   */
  const undeferred = new Map<
    string,
    { hold: ClaimedHold; deferral: Parameters<LedgerService['deferHold']>[1] }
  >();

  const kindOf = (kind: string): HoldKind | undefined => {
    const entry = resolvers[kind];
    return typeof entry === 'function' ? { resolve: entry } : entry;
  };

  /**
   * Asks about one claimed hold and settles or defers it. `scheduled`: a check the timer found
   * due; only those grow the back-off. A start-up pass's or a probe's question is extra: a storm
   * of restarts must not push holds to the longest back-off (decision 037).
   */
  async function resolveOne(
    hold: ClaimedHold,
    scheduled: boolean,
    report: ReconcileReport,
    woke: () => void,
  ): Promise<void> {
    const kind = kindOf(hold.kind);
    let state: HoldState | 'error' = 'error';
    let answered = false;
    try {
      if (!kind) log.error({ hold: hold.key, kind: hold.kind }, 'no resolver for a pending hold');
      else {
        state = await kind.resolve(hold);
        answered = true;
      }
    } catch (error) {
      // The outside system cannot answer now: the hold stays pending for a later pass.
      log.warn({ err: error, hold: hold.key }, 'could not reconcile a hold');
    }
    report[state === 'error' ? 'errors' : state] += 1;
    // Its system answers again: whatever waits on it is due now, not at the end of its back-off.
    if (answered && hold.unansweredSystem) {
      const system = hold.unansweredSystem;
      const woken = await ledger.wakeHolds(system).catch((error: unknown) => {
        log.warn({ err: error, system }, 'could not wake the holds of an outside system');
        return 0;
      });
      if (woken > 0) {
        log.info({ system, woken }, 'an outside system answers again; its holds are due');
        woke();
      }
    }
    if (state !== 'pending' && state !== 'error') return;
    // NOTE: an answer after a silence starts the back-off afresh: the silence said nothing of how
    // long the outside system takes to decide. A question out of turn (start-up, probe) that got
    // no answer leaves the schedule as it was.
    const checks = answered && hold.unansweredSystem ? 0 : hold.checks;
    const deferral = {
      delayMs: scheduled || answered ? options.retryDelayMs(checks) : null,
      checks: scheduled ? checks + 1 : checks,
      unansweredSystem: answered || !kind ? null : (kind.system?.(hold) ?? hold.kind),
      settlesAfterMs: kind?.settlesAfterMs,
    };
    try {
      await ledger.deferHold(hold, deferral);
    } catch (error) {
      undeferred.set(hold.key, { hold, deferral });
      throw error;
    }
  }

  async function deferLeftovers(): Promise<void> {
    for (const [key, { hold, deferral }] of undeferred) {
      await ledger.deferHold(hold, deferral);
      undeferred.delete(key);
    }
  }

  /**
   * One round over the pending holds: `all` every one (start-up), else the probes of silent
   * systems, then those due. Answers whether a system answered again (so woken holds are due).
   */
  async function round(all: boolean, report: ReconcileReport): Promise<boolean> {
    let woken = false;
    // NOTE: one question per silent system per pass, so a system that is down sees a trickle,
    // and one that is back is found within a pass (decision 037).
    let probes: string[] | null = all ? [] : null;
    const probed = new Set<number>();
    // NOTE: claims are made one after another through one cursor, so a pass visits each hold
    // once, even one it deferred a moment ago (`all` ignores when it is next due); the asking runs
    // `parallel` at a time.
    let after = 0;
    let exhausted = false;
    let claiming: Promise<unknown> = Promise.resolve();
    const claimNext = (): Promise<ClaimedHold | null> => {
      const next = claiming.then(async () => {
        probes ??= await ledger.silentSystems();
        for (let system = probes.shift(); system !== undefined; system = probes.shift()) {
          const probe = await ledger.claimProbe(system, options.leaseMs);
          if (probe) {
            probed.add(probe.id);
            return probe;
          }
        }
        if (exhausted) return null;
        const hold = await ledger.claimHold({ afterId: after, all, leaseMs: options.leaseMs });
        if (hold) after = hold.id;
        else exhausted = true;
        return hold;
      });
      claiming = next.catch(() => undefined);
      return next;
    };
    const worker = async () => {
      for (let hold = await claimNext(); hold; hold = await claimNext()) {
        const scheduled = !all && !probed.has(hold.id);
        await resolveOne(hold, scheduled, report, () => (woken = true));
      }
    };
    // NOTE: allSettled: one worker failing (the database gone) must not end the pass while the
    // others are still working, or a second pass could start beside them.
    const workers = await Promise.allSettled(Array.from({ length: parallel }, worker));
    for (const failed of workers.filter((outcome) => outcome.status === 'rejected')) {
      log.warn({ err: failed.reason as unknown }, 'a reconciliation worker stopped');
      report.errors += 1;
    }
    return woken;
  }

  /** `all`: every pending hold not claimed elsewhere (at start-up); else only those due. */
  async function pass(all: boolean): Promise<ReconcileReport> {
    const report: ReconcileReport = { posted: 0, voided: 0, pending: 0, errors: 0 };
    try {
      await deferLeftovers();
    } catch (error) {
      log.warn({ err: error }, 'could not release claims left by a database outage');
      report.errors += 1;
    }
    // Holds woken by a system's answer are due now: a second round asks them in this same pass
    // (a round's cursor may be past them). Bounded: a round wakes only what an answer after a
    // silence finds still waiting.
    for (let rounds = 0, again = true; again && rounds < 3; rounds += 1) {
      again = await round(all && rounds === 0, report);
    }
    for (const sweep of options.sweeps ?? []) {
      try {
        const finished = await sweep.run();
        if (finished > 0) log.info({ sweep: sweep.name, finished }, 'reconciliation sweep');
      } catch (error) {
        log.warn({ err: error, sweep: sweep.name }, 'reconciliation sweep failed');
        report.errors += 1;
      }
    }
    if (report.posted + report.voided + report.errors > 0) log.info(report, 'reconciliation pass');
    return report;
  }

  function run(all: boolean): Promise<ReconcileReport> {
    running ??= pass(all).finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /**
     * One pass over every pending hold this process can claim, due or not (at start-up, so a
     * crash is finished at once; and in tests). Concurrent calls share the pass in progress.
     */
    runOnce: (): Promise<ReconcileReport> => run(true),

    /** One pass over the holds that are due; what the schedule runs (platform/jobs.ts). */
    runDue: (): Promise<ReconcileReport> => run(false),
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
