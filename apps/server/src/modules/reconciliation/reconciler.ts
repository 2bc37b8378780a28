import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedHold, HoldState, LedgerService } from '../ledger/ledger.service';

/** Finishes one kind of hold by asking the outside system; answers where the hold stands now. */
export type HoldResolver = (hold: ClaimedHold) => Promise<HoldState>;

export interface ReconcilerOptions {
  ledger: LedgerService;
  /** By hold kind (the kind given to ledger.hold). */
  resolvers: Record<string, HoldResolver>;
  /**
   * Other unfinished money work, run after the holds on every pass (for example payments the
   * gateway reported whose credit failed); each answers how many things it finished, and claims
   * its own rows so that several processes may run it at once.
   */
  sweeps?: { name: string; run: () => Promise<number> }[];
  intervalMs: number;
  /**
   * The longest one resolver may take (its outside calls' time limits, with room to spare): a
   * claimed hold is left to its process this long; after that (a crash) another may claim it.
   */
  leaseMs: number;
  /** Holds asked about at the same time, at most (default 8). */
  parallel?: number;
  /** How long a hold with no final answer waits before it is asked again, by earlier checks. */
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
 * when their lease ends. A hold with no final answer is asked again later, with back-off. Up to
 * `parallel` holds are asked about at once, so a hung provider holds up only the calls to it.
 * Settling is idempotent anyway (one settle key per hold), so even an expired lease cannot settle
 * a hold twice.
 */
export function createReconciler(options: ReconcilerOptions) {
  const { ledger, resolvers, log } = options;
  const parallel = options.parallel ?? 8;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<ReconcileReport> | null = null;

  async function resolveOne(hold: ClaimedHold, report: ReconcileReport): Promise<void> {
    const resolve = resolvers[hold.kind];
    let state: HoldState | 'error' = 'error';
    try {
      if (!resolve) log.error({ hold: hold.key, kind: hold.kind }, 'no resolver for a pending hold');
      else state = await resolve(hold);
    } catch (error) {
      // The outside system cannot answer now: the hold stays pending for a later pass.
      log.warn({ err: error, hold: hold.key }, 'could not reconcile a hold');
    }
    report[state === 'error' ? 'errors' : state] += 1;
    if (state === 'pending' || state === 'error')
      await ledger.deferHold(hold, options.retryDelayMs(hold.checks));
  }

  /** `all`: every pending hold not claimed elsewhere (at start-up); else only those due. */
  async function pass(all: boolean): Promise<ReconcileReport> {
    const report: ReconcileReport = { posted: 0, voided: 0, pending: 0, errors: 0 };
    // NOTE: claims are made one after another through one cursor, so a pass visits each hold
    // once, even one it deferred a moment ago (`all` ignores when it is next due); the asking runs
    // `parallel` at a time.
    let after = 0;
    let exhausted = false;
    let claiming: Promise<unknown> = Promise.resolve();
    const claimNext = (): Promise<ClaimedHold | null> => {
      const next = claiming.then(async () => {
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
      for (let hold = await claimNext(); hold; hold = await claimNext()) await resolveOne(hold, report);
    };
    // NOTE: allSettled: one worker failing (the database gone) must not end the pass while the
    // others are still working, or a second pass could start beside them.
    const workers = await Promise.allSettled(Array.from({ length: parallel }, worker));
    for (const failed of workers.filter((outcome) => outcome.status === 'rejected')) {
      log.warn({ err: failed.reason as unknown }, 'a reconciliation worker stopped');
      report.errors += 1;
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

    /** One pass over the holds that are due; what the timer runs. */
    runDue: (): Promise<ReconcileReport> => run(false),

    start(): void {
      if (options.intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        run(false).catch((error: unknown) => log.error({ err: error }, 'reconciliation failed'));
      }, options.intervalMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
