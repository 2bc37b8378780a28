import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from '../../platform/errors';
import type { ImageLimits } from '../../platform/image-check';
import type { SlipReading, StoredImage } from './reading/read-slip';

export interface SlipReaderOptions {
  limits: ImageLimits;
  /** Time one image may take in its worker, from decoding to re-encoding (default 5 s). */
  timeLimitMs?: number;
  /** Time an upload may wait and be read, all told (default 60 s); past it SLIP_UPLOAD_BUSY. */
  deadlineMs?: number;
  /** Worker threads (default: one core left to the event loop, at most 2). */
  threads?: number;
  log?: { warn: (details: object, message: string) => void };
  /** The worker module (default reading/read-slip.worker.mjs; tests give broken ones). */
  worker?: URL;
}

/** Uploads waiting for a free worker, at most; past that SLIP_UPLOAD_BUSY (each holds its file). */
export const MAX_WAITING_READS = 8;
const DEFAULT_TIME_LIMIT_MS = 5_000;
const DEFAULT_DEADLINE_MS = 60_000;
/** How much lower than the event loop's the readers' CPU priority is (nice +10). */
const READER_NICENESS = 10;
/** A worker beyond the first left idle this long ends. */
const IDLE_MS = 60_000;

/** No reading now (a worker failed, the pool closed, the wait and reading took too long): try later. */
const unavailable = () => new AppError('SLIP_UPLOAD_BUSY', 503);

type Task = { only?: 'reencode'; bytes: Uint8Array; limits: ImageLimits };

/**
 * Reads slips in worker threads (docs/decisions/014): jsQR is synchronous JavaScript and an image
 * without a code costs seconds of CPU (12 s for ~500 KB of noise), which on the event loop would
 * stall every other request. Each image gets a time limit, counted from when its worker starts on
 * it (not from the wait, nor a worker's start-up): past it the task is aborted, which makes
 * piscina end that thread (the only way to stop a synchronous scan), and the image counts as an
 * unreadable slip. At most `threads` images are read at once and MAX_WAITING_READS wait, so
 * decoded images (tens of MB each) and waiting files stay bounded. Anything else that keeps an
 * upload from being read (a worker that crashed or never started, the wait and the reading past
 * `deadlineMs`, the pool closed) answers SLIP_UPLOAD_BUSY (503) and is logged.
 */
export function createSlipReader(options: SlipReaderOptions) {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const log = options.log ?? { warn: () => {} };
  // Made at the first upload (a worker takes about half a second to start), then kept while it
  // works; a pool found broken is ended and the next upload makes another.
  // NOTE: at least one thread always: piscina replaces an ended worker only up to minThreads, and
  // with none a queue left behind an aborted task would wait for the next upload.
  let pool: Piscina | null = null;
  /** When the current pool last showed life: made, or a worker started or ended a task. */
  let progressAt = 0;
  let closed = false;

  function poolNow(): Piscina {
    if (pool) return pool;
    const made = new Piscina({
      filename: (options.worker ?? new URL('./reading/read-slip.worker.mjs', import.meta.url)).href,
      minThreads: 1,
      maxThreads: options.threads ?? Math.min(2, Math.max(1, availableParallelism() - 1)),
      idleTimeout: IDLE_MS,
      // Readers yield the CPU to the event loop's thread (Linux: a nice value per thread).
      niceIncrement: READER_NICENESS,
    });
    // NOTE: a worker failing with no task of its own is reported on the pool: unheard, that
    // error would end the process.
    made.on('error', (error: unknown) => {
      log.warn({ err: error }, 'slip reader: a worker failed');
      retireIfBroken(made);
    });
    pool = made;
    progressAt = performance.now();
    return made;
  }

  /** Ends a pool (its waiting and running tasks fail); the next upload makes a new one. */
  function retire(which: Piscina, why: string) {
    if (pool !== which) return;
    pool = null;
    log.warn({ reason: why }, 'slip reader: pool ended, the next upload starts another');
    void which.destroy();
  }

  /**
   * NOTE: a worker that fails while starting makes piscina start no other (it would fail again):
   * with no thread left, the tasks waiting would wait for ever.
   */
  function retireIfBroken(which: Piscina) {
    if (which.threads.length === 0) retire(which, 'no worker left');
  }

  async function run<T>(task: Task): Promise<T | 'TIME_LIMIT'> {
    if (closed) {
      log.warn({}, 'slip reader: read after close');
      throw unavailable();
    }
    const current = poolNow();
    // A queue without end would hold every waiting file in memory: past a few, come back later.
    if (current.queueSize >= MAX_WAITING_READS) throw unavailable();
    const abort = new AbortController();
    let stopped: 'TIME_LIMIT' | 'DEADLINE' | null = null;
    const stop = (why: 'TIME_LIMIT' | 'DEADLINE') => {
      stopped ??= why;
      abort.abort(why);
    };
    // Waiting and reading together: a task no worker ever takes must not wait for ever.
    const deadline = setTimeout(() => stop('DEADLINE'), deadlineMs);
    const { port1: started, port2: startedInWorker } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    let begun = false;
    started.once('message', () => {
      begun = true;
      progressAt = performance.now();
      timer = setTimeout(() => stop('TIME_LIMIT'), timeLimitMs);
    });
    try {
      // The bytes go as a copy (structured clone): the upload's buffer may share memory.
      const result = (await current.run(
        { ...task, started: startedInWorker },
        { signal: abort.signal, transferList: [startedInWorker] },
      )) as T;
      progressAt = performance.now();
      return result;
    } catch (error) {
      if (stopped === 'TIME_LIMIT') {
        progressAt = performance.now();
        return 'TIME_LIMIT';
      }
      if (stopped === 'DEADLINE') {
        log.warn({ begun, deadlineMs }, 'slip reader: an upload waited and read past its deadline');
        // No worker began or ended anything all that time: the pool is stuck (a worker that
        // never finished starting), not merely busy.
        if (!begun && performance.now() - progressAt >= deadlineMs) retire(current, 'stuck');
      } else {
        // A worker that crashed or exited, or the pool closed with this upload waiting.
        log.warn({ err: error }, 'slip reader: a read failed');
        retireIfBroken(current);
      }
      throw unavailable();
    } finally {
      clearTimeout(deadline);
      clearTimeout(timer);
      started.close();
    }
  }

  return {
    /** Reads an upload (SlipReading); SLIP_UPLOAD_BUSY (503) when it cannot be read now. */
    async read(bytes: Buffer): Promise<SlipReading> {
      const reading = await run<SlipReading>({ bytes: new Uint8Array(bytes), limits: options.limits });
      return reading === 'TIME_LIMIT'
        ? { ok: false, note: 'INVALID_SLIP', reason: 'READ_TIME_LIMIT' }
        : reading;
    },

    /** A stored image's pixels re-encoded (images kept before only those were kept). */
    async reencode(bytes: Buffer): Promise<StoredImage> {
      const image = await run<StoredImage>({
        only: 'reencode',
        bytes: new Uint8Array(bytes),
        limits: options.limits,
      });
      return image === 'TIME_LIMIT' ? { ok: false, reason: 'READ_TIME_LIMIT' } : image;
    },

    /** Ends the workers (app close): reads running or waiting answer SLIP_UPLOAD_BUSY, later ones too. */
    async close() {
      closed = true;
      const last = pool;
      pool = null;
      await last?.destroy();
    },
  };
}

export type SlipReader = ReturnType<typeof createSlipReader>;
