/**
 * A receipt drawn as a PNG in the browser (issue 31 item 5, decision 071): a canvas and its own
 * `toBlob`, no library and nothing sent anywhere. The texts arrive translated and formatted; this
 * file only lays them out, wrapping a long value (a holder's name in full) instead of cutting it.
 */

export interface ReceiptPicture {
  /** "Withdrawal receipt", in the member's language. */
  title: string;
  /** The amount as the member reads it: "฿1,250.00". */
  amount: string;
  /** The status's words and its colour (SUCCESS green, PENDING amber, FAILED red). */
  status: { text: string; tone: 'success' | 'pending' | 'failed' };
  /** Label and value, in order: bank, name, number, time, reference. */
  lines: [string, string][];
}

const WIDTH = 360;
const SCALE = 2;
const PAD = 24;
const FONT = "'Noto Sans', 'Noto Sans Thai', 'Noto Sans Lao', system-ui, sans-serif";
const TONES = { success: '#34d399', pending: '#fbbf24', failed: '#fb7185' } as const;

/** `text` cut into lines no wider than `width`, between words where it can, else anywhere. */
export function wrapText(measure: (text: string) => number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  // Thai and Lao have no spaces between words: a character at a time is the fallback.
  for (const word of text.split(/(?<=\s)/)) {
    if (measure(line + word) <= width) {
      line += word;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    line = '';
    for (const char of word) {
      if (line && measure(line + char) > width) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines.length > 0 ? lines : [''];
}

/** Draws the receipt; answers its PNG, or null when the browser could not make one. */
export async function receiptPng(picture: ReceiptPicture): Promise<Blob | null> {
  // The page's fonts first, or Thai and Lao could be drawn in a fallback font.
  await document.fonts?.ready;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  const inner = WIDTH - PAD * 2;
  const font = (size: number, weight = 400) => `${weight} ${size}px ${FONT}`;
  const measureIn = (spec: string) => (text: string) => {
    context.font = spec;
    return context.measureText(text).width;
  };

  // Laid out once to know the height, then drawn.
  type Run = { text: string; spec: string; colour: string; y: number; align?: 'center' };
  const runs: Run[] = [];
  let y = PAD;
  const add = (text: string, spec: string, colour: string, lineHeight: number, align?: 'center') => {
    for (const part of wrapText(measureIn(spec), text, inner)) {
      y += lineHeight;
      runs.push({ text: part, spec, colour, y, align });
    }
  };
  add(picture.title, font(15, 600), '#cbd5e1', 22, 'center');
  y += 8;
  add(picture.amount, font(30, 700), '#f8fafc', 40, 'center');
  y += 6;
  const statusY = y + 8;
  y += 36;
  const ruleY = y + 4;
  y += 12;
  for (const [label, value] of picture.lines) {
    add(label, font(12), '#94a3b8', 20);
    add(value, font(15, 500), '#f8fafc', 22);
    y += 8;
  }
  const height = y + PAD;

  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  context.scale(SCALE, SCALE);
  context.fillStyle = '#0f172a';
  context.fillRect(0, 0, WIDTH, height);
  context.textBaseline = 'alphabetic';
  for (const run of runs) {
    context.font = run.spec;
    context.fillStyle = run.colour;
    context.textAlign = run.align ?? 'left';
    context.fillText(run.text, run.align ? WIDTH / 2 : PAD, run.y - 6);
  }
  // The status as a pill under the amount.
  context.font = font(13, 600);
  context.textAlign = 'center';
  const pill = context.measureText(picture.status.text).width + 24;
  context.fillStyle = `${TONES[picture.status.tone]}33`;
  context.beginPath();
  context.roundRect((WIDTH - pill) / 2, statusY, pill, 26, 13);
  context.fill();
  context.fillStyle = TONES[picture.status.tone];
  context.fillText(picture.status.text, WIDTH / 2, statusY + 18);
  context.fillStyle = '#1e293b';
  context.fillRect(PAD, ruleY, inner, 1);

  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/png'));
}
