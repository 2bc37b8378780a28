/**
 * The server's schedules (decision 042): named jobs, each on an interval of its own setting, run in
 * every process. A job never overlaps itself: a tick while its last run is still going is skipped.
 * A failure is logged and the next tick runs as usual. Several processes run the same jobs side by
 * side; each job claims its own work (advisory locks, `FOR UPDATE SKIP LOCKED`), never the runner.
 */
export interface Job {
  /** As the log names it ("bonus schedule"; a failure logs "<name> failed"). */
  name: string;
  /** Milliseconds between runs; 0: never on the timer. */
  intervalMs: number;
  /** One run; `stopping()` turns true once the server closes, so a long run can end early. */
  run: (stopping: () => boolean) => Promise<unknown>;
  /**
   * A run when the runner starts, before the first tick, even at interval 0 (the reconciler's pass
   * over every hold, so a crash is finished by the next start).
   */
  atStart?: (stopping: () => boolean) => Promise<unknown>;
}

export interface JobLog {
  error: (details: object, message: string) => void;
}

export function createJobRunner(jobs: Job[], log: JobLog) {
  let stopping = false;
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<unknown>>();

  /** Runs `step` for `job` unless its last run is still going. */
  function runOf(job: Job, step: Job['run']): void {
    if (stopping || running.has(job.name)) return;
    const run = step(() => stopping)
      .catch((error: unknown) => log.error({ err: error, job: job.name }, `${job.name} failed`))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  }

  return {
    /** Starts every job: its start-up run, then its timer (when its interval is above 0). */
    start(): void {
      if (stopping || timers.length > 0) return;
      for (const job of jobs) {
        if (job.atStart) runOf(job, job.atStart);
        if (job.intervalMs <= 0) continue;
        const timer = setInterval(() => runOf(job, job.run), job.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },

    /** Stops every timer and waits for the runs in progress (each sees `stopping()` turn true). */
    async stop(): Promise<void> {
      stopping = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
