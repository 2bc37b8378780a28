import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from '../../platform/errors';
import type { ImageLimits } from './reading/image-check';
import type { SlipReading } from './reading/read-slip';

export interface SlipReaderOptions {
  limits: ImageLimits;
  /** Time one image may take in its worker, from decoding to re-encoding (default 5 s). */
  timeLimitMs?: number;
  /** Worker threads (default: one core left to the event loop, at most 2). */
  threads?: number;
}

/** Uploads waiting for a free worker, at most; past that SLIP_UPLOAD_BUSY (each holds its file). */
export const MAX_WAITING_READS = 8;
const DEFAULT_TIME_LIMIT_MS = 5_000;
/** How much lower than the event loop's the readers' CPU priority is (nice +10). */
const READER_NICENESS = 10;
/** A worker beyond the first left idle this long ends. */
const IDLE_MS = 60_000;

/**
 * Reads slips in worker threads (docs/decisions/014): jsQR is synchronous JavaScript and an image
 * without a code costs seconds of CPU (12 s for ~500 KB of noise), which on the event loop would
 * stall every other request. Each image gets a time limit, counted from when its worker starts on
 * it (not from the wait, nor a worker's start-up): past it the task is aborted, which makes
 * piscina end that thread (the only way to stop a synchronous scan), and the image counts as an
 * unreadable slip. At most `threads` images are read at once and MAX_WAITING_READS wait, so
 * decoded images (tens of MB each) and waiting files stay bounded.
 */
export function createSlipReader(options: SlipReaderOptions) {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  // Made at the first upload (a worker takes about half a second to start), then kept.
  // NOTE: at least one thread always: piscina replaces an ended worker only up to minThreads, and
  // with none a queue left behind an aborted task would wait for the next upload.
  let pool: Piscina | null = null;
  const poolNow = () =>
    (pool ??= new Piscina({
      filename: new URL('./reading/read-slip.worker.mjs', import.meta.url).href,
      minThreads: 1,
      maxThreads: options.threads ?? Math.min(2, Math.max(1, availableParallelism() - 1)),
      idleTimeout: IDLE_MS,
      // Readers yield the CPU to the event loop's thread (Linux: a nice value per thread).
      niceIncrement: READER_NICENESS,
    }));

  return {
    async read(bytes: Buffer): Promise<SlipReading> {
      const pool = poolNow();
      // A queue without end would hold every waiting file in memory: past a few, come back later.
      if (pool.queueSize >= MAX_WAITING_READS) throw new AppError('SLIP_UPLOAD_BUSY', 503);
      const abort = new AbortController();
      const { port1: started, port2: startedInWorker } = new MessageChannel();
      let timer: NodeJS.Timeout | undefined;
      started.once('message', () => {
        timer = setTimeout(() => abort.abort(), timeLimitMs);
      });
      try {
        // The bytes go as a copy (structured clone): the upload's buffer may share memory.
        const task = { bytes: new Uint8Array(bytes), limits: options.limits, started: startedInWorker };
        return (await pool.run(task, {
          signal: abort.signal,
          transferList: [startedInWorker],
        })) as SlipReading;
      } catch (error) {
        if (abort.signal.aborted) return { ok: false, note: 'INVALID_SLIP', reason: 'READ_TIME_LIMIT' };
        throw error;
      } finally {
        clearTimeout(timer);
        started.close();
      }
    },

    /** Ends the workers (app close). */
    close: async () => pool?.close({ force: true }),
  };
}

export type SlipReader = ReturnType<typeof createSlipReader>;
