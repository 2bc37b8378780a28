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

/** The longest the event loop went without running a 10 ms timer, while `work` ran. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  try {
    return { result: await work(), stallMs };
  } finally {
    clearInterval(timer);
  }
}

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

    // Seconds of jsQR on noise: on the event loop the timer would wait that long.
    const { result, stallMs } = await longestStall(() => slips.read(noisy));
    expect(result).toEqual({ ok: false, note: 'INVALID_SLIP', reason: 'NO_QR_CODE' });
    expect(stallMs).toBeLessThan(250);
  });

  it('gives up on an image past its time limit, ending its worker, and goes on reading', async () => {
    const slips = reader({ timeLimitMs: 1_000, threads: 1 });
    const started = performance.now();
    expect(await slips.read(heavy)).toEqual({ ok: false, note: 'INVALID_SLIP', reason: 'READ_TIME_LIMIT' });
    // The limit, plus the worker's start (it does not count: the limit runs from the reading).
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(await slips.read(slip)).toMatchObject({ ok: true, transRef: '016166120512BPP01234' });
  });

  it('lets a few uploads wait for a worker, and turns away more', async () => {
    const slips = reader({ timeLimitMs: 500, threads: 1 });
    expect(await slips.read(slip)).toMatchObject({ ok: true });
    // One read at a time (one thread), MAX_WAITING_READS waiting: the next is turned away.
    const reads = Array.from({ length: 1 + MAX_WAITING_READS }, () => slips.read(heavy));
    await expect(slips.read(heavy)).rejects.toMatchObject({ code: 'SLIP_UPLOAD_BUSY', statusCode: 503 });
    const answers = await Promise.all(reads);
    expect(answers.map((answer) => (answer.ok ? 'ok' : answer.reason))).toEqual(
      Array.from({ length: 1 + MAX_WAITING_READS }, () => 'READ_TIME_LIMIT'),
    );
    expect(await slips.read(slip)).toMatchObject({ ok: true });
  });
});
