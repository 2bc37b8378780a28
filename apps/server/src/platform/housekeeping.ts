/**
 * Deletes rows nothing needs any more (spent sessions, old code requests, old Idempotency-Key
 * answers), so those tables do not grow for ever. Each module deletes its own rows; this only
 * runs them. Its schedule is a job of platform/jobs.ts (`HOUSEKEEPING_INTERVAL_MINUTES`).
 */
export interface HousekeepingTask {
  name: string;
  /** Answers how many rows went. */
  run: () => Promise<number>;
}

export function createHousekeeping(options: {
  tasks: HousekeepingTask[];
  log: { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };
}) {
  async function runOnce(): Promise<Record<string, number>> {
    const removed: Record<string, number> = {};
    for (const task of options.tasks) {
      try {
        removed[task.name] = await task.run();
      } catch (error) {
        options.log.warn({ err: error, task: task.name }, 'housekeeping task failed');
      }
    }
    if (Object.values(removed).some((count) => count > 0)) options.log.info(removed, 'housekeeping');
    return removed;
  }

  return { runOnce };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
