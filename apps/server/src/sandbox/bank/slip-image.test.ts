import { slipVerify } from 'promptparse/generate';
import { describe, expect, it } from 'vitest';
import { decodeQrText } from '../../modules/slips/reading/decode-qr';
import { checkImageBytes } from '../../platform/image-check';
import { slipAmountText } from './sandbox-bank.routes';
import { maskAccount, renderSlipImage, slipSvg, type SlipDrawing } from './slip-image';

const slip: SlipDrawing = {
  bankName: 'Sandbox Bank',
  fromAccount: '123-4-56789-0',
  toAccount: '9876543210',
  toName: 'Wallet Co., Ltd.',
  amountText: '1,500.00 THB',
  dateText: '15 Jun 2025 14:32',
  transRef: '016166120512BPP01234',
  qrPayload: slipVerify({ sendingBank: '004', transRef: '016166120512BPP01234' }),
};

describe('renderSlipImage', () => {
  it('draws a 600x900 PNG that passes the upload check and whose QR reads back exactly', async () => {
    const png = await renderSlipImage(slip);
    expect(checkImageBytes(png, { maxBytes: 2_000_000, maxPixels: 1_000_000 })).toEqual({
      ok: true,
      type: 'png',
      width: 600,
      height: 900,
    });
    expect(await decodeQrText(png, { maxPixels: 1_000_000 })).toEqual([slip.qrPayload]);
  });

  it('shows accounts masked as banks print them, never whole', () => {
    const svg = slipSvg(slip);
    expect(svg).toContain('>xxx-x-x6789-x<');
    expect(svg).toContain('>xxx-x-x4321-x<');
    expect(svg).not.toMatch(/56789|9876543210/);
    expect(maskAccount('12345')).toBe('xxx-x-x1234-x');
    expect(maskAccount('12-34')).toBe('xxx-x-xxxxx-x');
  });

  it('escapes every value, so markup in a name neither breaks nor changes the drawing', async () => {
    const hostile = {
      ...slip,
      bankName: 'Bank "A" & \'B\'',
      toName: '</text><image href="file:///etc/passwd"/><text>\u0001',
      dateText: '\uD800 lone surrogate',
    };
    const svg = slipSvg(hostile);
    expect(svg).toContain('Bank &quot;A&quot; &amp; &apos;B&apos;');
    expect(svg).toContain('&lt;/text&gt;&lt;image href=&quot;file:///etc/passwd&quot;/&gt;&lt;text&gt;<');
    for (const dropped of ['<image', '\u0001', '\uD800']) expect(svg).not.toContain(dropped);
    expect(await decodeQrText(await renderSlipImage(hostile), { maxPixels: 1_000_000 })).toEqual([
      slip.qrPayload,
    ]);
  });

  it("prints the transfer's own currency: kip in whole kip, baht with satang (issue 32)", () => {
    expect(slipAmountText(500_000_00, 'LAK')).toBe('500,000 LAK');
    expect(slipAmountText(150_000, 'BAHT')).toBe('1,500.00 THB');
    expect(slipSvg({ ...slip, amountText: slipAmountText(500_000_00, 'LAK') })).toContain('500,000 LAK');
  });
});
