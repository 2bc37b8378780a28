import QRCode, { type BitMatrix } from 'qrcode';
import sharp from 'sharp';

/**
 * A plain bank transfer slip as a PNG, with the mini QR in its lower right corner as banking apps
 * print it. The sandbox bank hands these out, so they must read like real ones: checkImageBytes
 * accepts them and decodeQrText finds the payload. The text is English only (CI machines may have
 * no Thai font) in the generic sans-serif family.
 */

export type SlipDrawing = {
  bankName: string;
  fromAccount: string;
  toAccount: string;
  toName: string;
  amountText: string;
  dateText: string;
  transRef: string;
  qrPayload: string;
};

const WIDTH = 600;
const HEIGHT = 900;
const MARGIN = 32;
/** About 4 px a module gives a 116-133 px code, the size banking apps print. */
const QR_MODULE_PX = 4;

export async function renderSlipImage(slip: SlipDrawing): Promise<Buffer> {
  return sharp(Buffer.from(slipSvg(slip)))
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

export function slipSvg(slip: SlipDrawing): string {
  const qr = QRCode.create(slip.qrPayload, { errorCorrectionLevel: 'M' });
  const qrSize = qr.modules.size * QR_MODULE_PX;
  const qrX = WIDTH - MARGIN - qrSize;
  const qrY = HEIGHT - MARGIN - qrSize;

  const text = (x: number, y: number, size: number, value: string, extra = '') =>
    `<text x="${x}" y="${y}" font-size="${size}"${extra}>${xmlText(value)}</text>`;
  const label = (y: number, value: string) => text(MARGIN, y, 15, value, ' fill="#6b7280"');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<g font-family="sans-serif" fill="#111827">`,
    `<rect width="${WIDTH}" height="112" fill="#0f5132"/>`,
    text(MARGIN, 52, 28, slip.bankName, ' fill="#ffffff" font-weight="bold"'),
    text(MARGIN, 88, 18, 'Transfer successful', ' fill="#d1fae5"'),
    text(MARGIN, 152, 16, slip.dateText, ' fill="#374151"'),
    label(204, 'From'),
    text(MARGIN, 232, 20, maskAccount(slip.fromAccount)),
    label(284, 'To'),
    text(MARGIN, 312, 20, slip.toName, ' font-weight="bold"'),
    text(MARGIN, 340, 20, maskAccount(slip.toAccount)),
    `<rect x="${MARGIN}" y="372" width="${WIDTH - 2 * MARGIN}" height="1" fill="#d1d5db"/>`,
    label(412, 'Amount'),
    text(MARGIN, 456, 34, slip.amountText, ' font-weight="bold"'),
    label(512, 'Reference'),
    text(MARGIN, 540, 18, slip.transRef),
    text(MARGIN, HEIGHT - MARGIN - 8, 14, 'Scan the QR code to verify this slip', ' fill="#6b7280"'),
    `</g>`,
    `<path fill="#000000" shape-rendering="crispEdges" d="${qrPath(qr.modules, qrX, qrY)}"/>`,
    `</svg>`,
  ].join('\n');
}

/** Slips show 4 digits of an account: 123-4-56789-0 becomes xxx-x-x6789-x. */
export function maskAccount(account: string): string {
  const digits = account.replace(/\D/g, '');
  return digits.length < 5 ? 'xxx-x-xxxxx-x' : `xxx-x-x${digits.slice(-5, -1)}-x`;
}

/** One rectangle per run of dark modules in a row. */
function qrPath(modules: BitMatrix, left: number, top: number): string {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      const x = left + start * QR_MODULE_PX;
      const y = top + row * QR_MODULE_PX;
      parts.push(
        `M${x} ${y}h${(col - start) * QR_MODULE_PX}v${QR_MODULE_PX}h-${(col - start) * QR_MODULE_PX}z`,
      );
    }
  }
  return parts.join('');
}

/**
 * NOTE: every value goes into XML: markup characters are escaped and characters XML 1.0 forbids
 * (control characters, lone surrogates) are dropped, or librsvg refuses the whole document.
 */
function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
