import { anyId, slipVerify } from 'promptparse/generate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSlip } from './read-slip';
import { renderSlipImage, type SlipDrawing } from '../../../sandbox/bank/slip-image';

const limits = { maxBytes: 3_000_000, maxPixels: 4_000_000 };

const drawing = (sendingBank: string, transRef: string): SlipDrawing => ({
  bankName: 'Sandbox Bank',
  fromAccount: '1234567890',
  toAccount: '9876543210',
  toName: 'Wallet Co., Ltd.',
  amountText: '1,500.00 THB',
  dateText: '15 Jun 2025 14:32',
  transRef,
  qrPayload: slipVerify({ sendingBank, transRef }),
});

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
  slip = await renderSlipImage(drawing('004', '016166120512BPP01234'));
});

describe('readSlip', () => {
  it('reads the bank and reference of a slip, PNG or JPEG', async () => {
    expect(await readSlip(slip, limits)).toEqual({
      ok: true,
      type: 'png',
      width: 600,
      height: 900,
      sendingBank: '004',
      transRef: '016166120512BPP01234',
    });
    const jpeg = await sharp(slip).jpeg({ quality: 80 }).toBuffer();
    expect(await readSlip(jpeg, limits)).toMatchObject({
      ok: true,
      type: 'jpeg',
      transRef: '016166120512BPP01234',
    });
  });

  it('reads one slip pictured twice as that slip', async () => {
    expect(await readSlip(await sideBySide(slip, slip), limits)).toMatchObject({
      ok: true,
      transRef: '016166120512BPP01234',
    });
  });

  it('refuses two different slips in one image as an unstable reference', async () => {
    const other = await renderSlipImage(drawing('014', '2025061512345678ABCD'));
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
      ...drawing('004', 'x'),
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
