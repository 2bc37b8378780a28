import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slipDrawing } from '../../../test/slip-images';
import { renderSlipImage } from '../../sandbox/bank/slip-image';
import { createSlipReader, MAX_WAITING_READS, type SlipReader } from './slip-reader';

const limits = { maxBytes: 8_000_000, maxPixels: 40_000_000 };

/** Black and white noise: jsQR chases finder patterns all over it (seconds of CPU). */
async function noise(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.from(randomBytes(width * height).map((byte) => (byte & 1 ? 255 : 0)));
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** How many times a 10 ms timer ran while `work` ran. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ result: T; ticks: number }> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 10);
  try {
    return { result: await work(), ticks };
  } finally {
    clearInterval(timer);
  }
}

/** A worker module of test-workers/ (a broken reader). */
const testWorker = (name: string) => new URL(`./test-workers/${name}.worker.mjs`, import.meta.url);

/** Settles to what `promise` settles to, with `settled` telling whether it has yet. */
function watch<T>(promise: Promise<T>) {
  const state = {
    settled: false,
    outcome: promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
  };
  void state.outcome.then(() => (state.settled = true));
  return state;
}
const busy = { code: 'SLIP_UPLOAD_BUSY', statusCode: 503 };

let slip: Buffer;
/** A few seconds of scanning, to the end (over a second in its first pass). */
let noisy: Buffer;
/** Seconds in its first pass alone: only a time limit ends it early. */
let heavy: Buffer;
const readers: SlipReader[] = [];
const reader = (options: Partial<Parameters<typeof createSlipReader>[0]> = {}) => {
  const created = createSlipReader({ limits, ...options });
  readers.push(created);
  return created;
};

beforeAll(async () => {
  slip = await renderSlipImage(slipDrawing('004', '016166120512BPP01234'));
  noisy = await noise(700, 1100);
  heavy = await noise(1000, 1600);
});
afterAll(async () => {
  await Promise.all(readers.map((created) => created.close()));
});

describe('the slip reader', () => {
  it('reads slips in a worker thread, the event loop free meanwhile', async () => {
    const slips = reader({ timeLimitMs: 30_000 });
    const read = await slips.read(slip);
    expect(read).toMatchObject({
      ok: true,
      type: 'png',
      sendingBank: '004',
      transRef: '016166120512BPP01234',
    });
    expect(read.ok && read.image.length > 0).toBe(true);

    // Seconds of jsQR on noise: read on the event loop, the timer would run between scan passes
    // only (17 times in 3.1 s, measured); here it keeps running all along (about 380 times in
    // 3.9 s), and a slower, shared machine makes the reading longer, so it runs more.
    const { result, ticks } = await ticksDuring(() => slips.read(noisy));
    expect(result).toEqual({ ok: false, note: 'INVALID_SLIP', reason: 'NO_QR_CODE' });
    expect(ticks).toBeGreaterThanOrEqual(60);
  });

  it('gives up on an image past its time limit, ending its worker, and goes on reading', async () => {
    const slips = reader({ timeLimitMs: 1_000, threads: 1 });
    // Read to its end, it would answer NO_QR_CODE after seconds: the limit's answer is its own.
    expect(await slips.read(heavy)).toEqual({ ok: false, note: 'INVALID_SLIP', reason: 'READ_TIME_LIMIT' });
    expect(await slips.read(slip)).toMatchObject({ ok: true, transRef: '016166120512BPP01234' });
  });

  it('lets a few uploads wait for a worker, and turns away more', async () => {
    // NOTE: 2 s, not less: a genuine slip's read (and, after the queue empties, the start of a new
    // worker) took more than 1 s on a loaded 2-core machine (CI runs of 2026-11-24 and -28). The
    // queued images are four times `heavy`: far past 2 s in their first pass on any machine.
    const slips = reader({ timeLimitMs: 2_000, threads: 1 });
    const heavier = await noise(2000, 3200);
    expect(await slips.read(slip)).toMatchObject({ ok: true });
    // One read at a time (one thread), MAX_WAITING_READS waiting: the next is turned away. Each
    // read is ended by its time limit, so the queue empties; the reader goes on after.
    const reads = Array.from({ length: 1 + MAX_WAITING_READS }, () => slips.read(heavier));
    await expect(slips.read(heavier)).rejects.toMatchObject(busy);
    const answers = await Promise.all(reads);
    expect(answers.map((answer) => (answer.ok ? 'ok' : answer.reason))).toEqual(
      Array.from({ length: 1 + MAX_WAITING_READS }, () => 'READ_TIME_LIMIT'),
    );
    expect(await slips.read(slip)).toMatchObject({ ok: true });
  }, 120_000);

  it('answers SLIP_UPLOAD_BUSY when a worker crashes, and reads on with the next worker', async () => {
    const log: unknown[] = [];
    const slips = reader({ worker: testWorker('crash'), log: { warn: (details) => log.push(details) } });
    await expect(slips.read(slip)).rejects.toMatchObject(busy);
    await expect(slips.read(slip)).rejects.toMatchObject(busy);
    const messages = log.map((details) => (details as { err?: Error }).err?.message);
    expect(messages).toContain('worker exited with code: 70');
  });

  it('answers SLIP_UPLOAD_BUSY, not a hang, when workers fail while they start', async () => {
    const slips = reader({ worker: testWorker('broken'), deadlineMs: 120_000 });
    const reads = Array.from({ length: 4 }, () => watch(slips.read(slip)));
    // Piscina starts no worker after one failed starting: the pool is ended, its waiting reads
    // answered, long before their deadline.
    for (const read of reads) expect(await read.outcome).toMatchObject({ error: busy });
    await expect(slips.read(slip)).rejects.toMatchObject(busy);
  });

  it('answers uploads that no worker takes SLIP_UPLOAD_BUSY at their deadline, and takes uploads again', async () => {
    const slips = reader({ worker: testWorker('stuck'), deadlineMs: 1_500 });
    // A worker that never finishes starting: every upload waits, the queue fills and turns away more.
    const stuck = Array.from({ length: 1 + MAX_WAITING_READS }, () => watch(slips.read(slip)));
    await expect(slips.read(slip)).rejects.toMatchObject(busy);
    for (const read of stuck) expect(await read.outcome).toMatchObject({ error: busy });
    // The queue did not stay full: a new upload waits again (here, for its own deadline).
    const next = watch(slips.read(slip));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(next.settled).toBe(false);
    expect(await next.outcome).toMatchObject({ error: busy });
  });

  it('answers SLIP_UPLOAD_BUSY to reads waiting when it closes, and to reads after', async () => {
    const slips = createSlipReader({ limits, worker: testWorker('stuck') });
    const waiting = Array.from({ length: 3 }, () => watch(slips.read(slip)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await slips.close();
    for (const read of waiting) expect(await read.outcome).toMatchObject({ error: busy });
    await expect(slips.read(slip)).rejects.toMatchObject(busy);
    await expect(slips.reencode(slip)).rejects.toMatchObject(busy);
  });
});
