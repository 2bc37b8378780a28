import type { FastifyBaseLogger } from 'fastify';
import type { HoldState, LedgerService, PendingHold } from '../ledger/ledger.service';

/** Finishes one kind of hold by asking the outside system; answers where the hold stands now. */
export type HoldResolver = (hold: PendingHold) => Promise<HoldState>;

export interface ReconcilerOptions {
  ledger: LedgerService;
  /** By hold kind (the kind given to ledger.hold). */
  resolvers: Record<string, HoldResolver>;
  /**
   * Other unfinished money work, run after the holds on every pass (for example payments the
   * gateway reported whose credit failed); each answers how many things it finished.
   */
  sweeps?: { name: string; run: () => Promise<number> }[];
  intervalMs: number;
  log: FastifyBaseLogger;
}

const PAGE = 500;

export interface ReconcileReport {
  posted: number;
  voided: number;
  pending: number;
  errors: number;
}

/**
 * Finishes money left pending at an outside system: a timeout, an unknown answer, or a crash at
 * any point between the hold and its settlement. It asks the outside system about each pending
 * reference and posts or voids accordingly; what the system cannot tell yet stays pending.
 *
 * It runs once at start-up and then every `intervalMs`. Several processes may run it at once:
 * settling a hold is idempotent (one settle key per hold) and outside answers only move forward
 * (not found -> applied or failed), so two passes reach the same result.
 */
export function createReconciler(options: ReconcilerOptions) {
  const { ledger, resolvers, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<ReconcileReport> | null = null;

  async function pass(): Promise<ReconcileReport> {
    const report: ReconcileReport = { posted: 0, voided: 0, pending: 0, errors: 0 };
    // NOTE: page through all of them: holds waiting long at the outside system (payouts not paid
    // yet) must not keep newer ones from their turn.
    const holds: PendingHold[] = [];
    for (let page = await ledger.pendingHolds(0, PAGE); page.length > 0;) {
      holds.push(...page);
      page = page.length < PAGE ? [] : await ledger.pendingHolds(page.at(-1)!.id, PAGE);
    }
    for (const hold of holds) {
      const resolve = resolvers[hold.kind];
      if (!resolve) {
        log.error({ hold: hold.key, kind: hold.kind }, 'no resolver for a pending hold');
        report.errors += 1;
        continue;
      }
      try {
        report[await resolve(hold)] += 1;
      } catch (error) {
        // The outside system cannot answer now: the hold stays pending for the next pass.
        log.warn({ err: error, hold: hold.key }, 'could not reconcile a hold');
        report.errors += 1;
      }
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

  return {
    /** One pass over every pending hold; concurrent calls share the pass in progress. */
    runOnce(): Promise<ReconcileReport> {
      running ??= pass().finally(() => {
        running = null;
      });
      return running;
    },

    start(): void {
      if (options.intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        this.runOnce().catch((error: unknown) => log.error({ err: error }, 'reconciliation failed'));
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
