import { describe, expect, it } from 'vitest';
import { wrapText } from './receipt-image';

/** One unit per character: a line of width 10 holds ten. */
const measure = (text: string) => [...text].length;

describe('wrapText', () => {
  it('breaks between words, keeping each word whole', () => {
    expect(wrapText(measure, 'SOMCHAI PRASERT WONG', 10)).toEqual(['SOMCHAI', 'PRASERT', 'WONG']);
  });

  it('breaks a word longer than a line anywhere, losing no character (Thai and Lao have no spaces)', () => {
    const lines = wrapText(measure, 'ธนาคารไทยพาณิชย์จำกัดมหาชน', 10);
    expect(lines.join('')).toBe('ธนาคารไทยพาณิชย์จำกัดมหาชน');
    expect(lines.every((line) => measure(line) <= 10)).toBe(true);
  });

  it('keeps a short text on one line', () => {
    expect(wrapText(measure, '฿250.00', 10)).toEqual(['฿250.00']);
  });
});
