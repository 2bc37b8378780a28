import { slipVerify } from 'promptparse/generate';
import QRCode from 'qrcode';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeQrText } from './decode-qr';

const PAYLOAD = slipVerify({ sendingBank: '004', transRef: '016166120512BPP01234' });
const OTHER = slipVerify({ sendingBank: '014', transRef: '2025061512345678ABCD' });
const options = { maxPixels: 40_000_000 };

/** A white 600x900 page with lines of text, as a banking app draws a slip. */
function page(): Sharp {
  const lines = [
    'Transfer successful',
    '15 Jun 2025 14:32',
    'From xxx-x-x1234-x',
    'To xxx-x-x5678-x',
    '1,500.00 THB',
  ];
  const text = lines
    .map((line, i) => `<text x="40" y="${80 + i * 60}" font-size="26">${line}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#fff"/><g font-family="sans-serif">${text}</g></svg>`;
  return sharp(Buffer.from(svg));
}

/** The page with a small QR (4 px a module, 132 px) in the lower right corner. */
async function slipPng(payload: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(payload, { scale: 4, margin: 2 });
  return page()
    .composite([{ input: qr, left: 440, top: 740 }])
    .png()
    .toBuffer();
}

let png: Buffer;

beforeAll(async () => {
  png = await slipPng(PAYLOAD);
});

describe('decodeQrText', () => {
  it('reads the small QR in the corner of a slip', async () => {
    expect(await decodeQrText(png, options)).toEqual([PAYLOAD]);
  });

  it('reads it from a JPEG at quality 80', async () => {
    const jpeg = await sharp(png).jpeg({ quality: 80 }).toBuffer();
    expect(await decodeQrText(jpeg, options)).toEqual([PAYLOAD]);
  });

  it('reads it from the same slip scaled up 3 times, as a phone photo would be', async () => {
    const large = await sharp(png).resize({ width: 1800 }).jpeg({ quality: 85 }).toBuffer();
    expect(await decodeQrText(large, options)).toEqual([PAYLOAD]);
  });

  it('reads a QR drawn on a transparent background (transparent reads as black to jsQR)', async () => {
    const transparent = await QRCode.toBuffer(PAYLOAD, {
      scale: 4,
      margin: 2,
      color: { light: '#00000000' },
    });
    expect((await sharp(transparent).metadata()).hasAlpha).toBe(true);
    expect(await decodeQrText(transparent, options)).toEqual([PAYLOAD]);
  });

  it('finds every code of an image, not only the first', async () => {
    const other = await QRCode.toBuffer(OTHER, { scale: 4, margin: 2 });
    const twoCodes = await sharp(png)
      .composite([{ input: other, left: 20, top: 740 }])
      .png()
      .toBuffer();
    expect((await decodeQrText(twoCodes, options)).sort()).toEqual([PAYLOAD, OTHER].sort());
  });

  it('finds two codes that confuse jsQR when seen together, by looking at halves', async () => {
    // Opposite corners: jsQR pairs finder patterns of both codes and reads neither in one look.
    const other = await QRCode.toBuffer(OTHER, { scale: 4, margin: 2 });
    const opposite = await sharp(png)
      .composite([{ input: other, left: 20, top: 20 }])
      .png()
      .toBuffer();
    expect((await decodeQrText(opposite, options)).sort()).toEqual([PAYLOAD, OTHER].sort());
  });

  it('answers nothing for an image without a QR', async () => {
    expect(await decodeQrText(await page().png().toBuffer(), options)).toEqual([]);
  });

  it('refuses to decode more pixels than allowed', async () => {
    await expect(decodeQrText(png, { maxPixels: 600 * 900 - 1 })).rejects.toThrow(/pixel limit/);
    expect(await decodeQrText(png, { maxPixels: 600 * 900 })).toEqual([PAYLOAD]);
  });
});
