import type { FastifyBaseLogger } from 'fastify';
import type { DeskCounts } from '@wallet/contract/http/console';

export interface DeskCountsOptions {
  /** How many of each kind of work wait for staff, each read from the module that owns it. */
  sources: { [K in keyof DeskCounts]: () => Promise<number> };
  /** Tells this process's staff sockets (each process tells its own: no cross-process traffic). */
  tell: (counts: DeskCounts) => void;
  /** How often this process reads them again; 0: only when nudged. */
  intervalMs: number;
  log: FastifyBaseLogger;
}

/**
 * The console's live counts (issue 27, section 7; decision 045). Each process reads them every
 * `intervalMs` and tells its own staff sockets when they changed, and at once after an action on
 * this process (`nudge`), so a colleague on another process sees a decision within one interval
 * and the one who made it at once. Reading four counts a few seconds apart costs each process four
 * indexed counts; a change in one process needs no message to the others.
 */
export function createDeskCounts(options: DeskCountsOptions) {
  let last = '';
  let timer: NodeJS.Timeout | null = null;
  let reading: Promise<DeskCounts> | null = null;

  async function read(): Promise<DeskCounts> {
    const { withdrawals, deposits, adjustments, chats } = options.sources;
    const [w, d, a, c] = await Promise.all([withdrawals(), deposits(), adjustments(), chats()]);
    return { withdrawals: w, deposits: d, adjustments: a, chats: c };
  }

  async function refresh(): Promise<void> {
    // One read at a time: a nudge during a read waits for it rather than racing it.
    reading ??= read().finally(() => (reading = null));
    const counts = await reading;
    const seen = JSON.stringify(counts);
    if (seen === last) return;
    last = seen;
    options.tell(counts);
  }

  const quietly = () =>
    refresh().catch((error: unknown) => options.log.warn({ err: error }, 'could not read the desk counts'));

  return {
    read,
    /** Something changed here: tell this process's staff now. */
    nudge: () => void quietly(),
    start() {
      if (options.intervalMs > 0 && !timer) timer = setInterval(() => void quietly(), options.intervalMs);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type DeskCountsService = ReturnType<typeof createDeskCounts>;
