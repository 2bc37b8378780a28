import { anyId } from 'promptparse/generate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSlip } from './read-slip';
import { pngChunk, slipDrawing } from '../../../../test/slip-images';
import { renderSlipImage } from '../../../sandbox/bank/slip-image';

const limits = { maxBytes: 3_000_000, maxPixels: 4_000_000 };

/** Two slips side by side in one picture. */
const sideBySide = (left: Buffer, right: Buffer) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ffffff' } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: 600, top: 0 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();

let slip: Buffer;

beforeAll(async () => {
  slip = await renderSlipImage(slipDrawing('004', '016166120512BPP01234'));
});

describe('readSlip', () => {
  it('reads the bank and reference of a slip, PNG or JPEG, and re-encodes it in its format', async () => {
    const png = await readSlip(slip, limits);
    expect(png).toMatchObject({
      ok: true,
      type: 'png',
      width: 600,
      height: 900,
      sendingBank: '004',
      transRef: '016166120512BPP01234',
    });
    const jpeg = await readSlip(await sharp(slip).jpeg({ quality: 80 }).toBuffer(), limits);
    expect(jpeg).toMatchObject({ ok: true, type: 'jpeg', transRef: '016166120512BPP01234' });
    for (const [reading, format] of [
      [png, 'png'],
      [jpeg, 'jpeg'],
    ] as const) {
      const image = Buffer.from(reading.ok ? reading.image : []);
      expect(await sharp(image).metadata()).toMatchObject({ format, width: 600, height: 900 });
      expect(await readSlip(image, limits)).toMatchObject({ ok: true, transRef: '016166120512BPP01234' });
    }
  });

  it('keeps the pixels of a slip upright and nothing else: no chunk, comment or metadata of the upload', async () => {
    // A phone photo turned on its side, with EXIF saying so, and a comment riding along.
    const sideways = await sharp(slip)
      .rotate(90)
      .withMetadata({ orientation: 6 })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const withText = Buffer.concat([
      sideways.subarray(0, 33),
      pngChunk('tEXt', Buffer.from('Comment\0PK\u0003\u0004 not an image', 'latin1')),
      sideways.subarray(33),
    ]);
    const reading = await readSlip(withText, limits);
    expect(reading.ok).toBe(true);
    const image = Buffer.from(reading.ok ? reading.image : []);
    expect(image.includes('not an image')).toBe(false);
    const metadata = await sharp(image).metadata();
    expect(metadata).toMatchObject({ width: 600, height: 900 });
    expect(metadata.orientation ?? 1).toBe(1);
    expect(metadata.exif).toBeUndefined();
  });

  it('reads one slip pictured twice as that slip', async () => {
    expect(await readSlip(await sideBySide(slip, slip), limits)).toMatchObject({
      ok: true,
      transRef: '016166120512BPP01234',
    });
  });

  it('refuses two different slips in one image as an unstable reference', async () => {
    const other = await renderSlipImage(slipDrawing('014', '2025061512345678ABCD'));
    expect(await readSlip(await sideBySide(slip, other), limits)).toEqual({
      ok: false,
      note: 'UNSTABLE_REFNO_ON_SLIP',
      reason: 'SEVERAL_SLIP_PAYLOADS',
    });
  });

  it('refuses an image without a QR, or whose QR is not a slip, as an invalid slip', async () => {
    const blank = await sharp(slip).extract({ left: 0, top: 0, width: 600, height: 600 }).png().toBuffer();
    expect(await readSlip(blank, limits)).toEqual({ ok: false, note: 'INVALID_SLIP', reason: 'NO_QR_CODE' });

    const promptPay = {
      ...slipDrawing('004', 'x'),
      qrPayload: anyId({ type: 'MSISDN', target: '0812223333', amount: 1500 }),
    };
    expect(await readSlip(await renderSlipImage(promptPay), limits)).toEqual({
      ok: false,
      note: 'INVALID_SLIP',
      reason: 'NO_SLIP_PAYLOAD',
    });
  });

  it('refuses an image too large to process', async () => {
    expect(await readSlip(slip, { ...limits, maxBytes: slip.length - 1 })).toEqual({
      ok: false,
      note: 'IMG_SIZE_UNABLE_TO_PROCESS',
      reason: 'TOO_LARGE',
    });
    expect(await readSlip(slip, { ...limits, maxPixels: 600 * 900 - 1 })).toEqual({
      ok: false,
      note: 'IMG_SIZE_UNABLE_TO_PROCESS',
      reason: 'TOO_MANY_PIXELS',
    });
  });

  it('refuses what cannot be read as an image', async () => {
    const gif = await sharp(slip).gif().toBuffer();
    expect(await readSlip(gif, limits)).toEqual({
      ok: false,
      note: 'CANNOT_READ_CROPPED_IMAGE',
      reason: 'NOT_AN_IMAGE',
    });
    const polyglot = Buffer.concat([slip, Buffer.from('PK\u0003\u0004 and a zip')]);
    expect(await readSlip(polyglot, limits)).toEqual({
      ok: false,
      note: 'CANNOT_READ_CROPPED_IMAGE',
      reason: 'MALFORMED',
    });

    // Sound structure, damaged pixels: only the decoder can tell.
    const damaged = Buffer.from(slip);
    const idat = damaged.indexOf('IDAT');
    damaged.fill(0xaa, idat + 40, idat + 400);
    expect(await readSlip(damaged, limits)).toMatchObject({
      ok: false,
      note: 'CANNOT_READ_CROPPED_IMAGE',
      reason: expect.stringMatching(/^DECODE_FAILED: /) as unknown,
    });
  });
});
