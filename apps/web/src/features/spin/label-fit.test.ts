import { describe, expect, it } from 'vitest';
import { fitLabel, fits, LINE_HEIGHT, type LabelSpace, type Measure } from './label-fit';

/** A stand-in for the canvas: every character 0.6 em wide. */
const measure: Measure = (text, px) => [...text].length * px * 0.6;

/** The demo wheel's space at 350 px (8 slices) and at a 320 px phone (272 px). */
const space = (size: number, count: number): LabelSpace => ({
  radius: size / 2 - Math.max(9, size * 0.05),
  hubRadius: Math.max(68, size * 0.27) / 2,
  sliceDegrees: 360 / count,
  padding: Math.max(8, size * 0.035),
  maxFontPx: Math.max(12, Math.round(size * 0.05)),
  minFontPx: 9,
});

describe('slice labels', () => {
  it('keeps a short label on one line at the largest size', () => {
    const layout = fitLabel('฿20', 'en', space(350, 8), measure);
    expect(layout.lines).toEqual(['฿20']);
    expect(layout.fontPx).toBe(space(350, 8).maxFontPx);
  });

  it.each([
    ['th', 'โบนัสฟรี 100 บาท'],
    ['lo', 'ໂບນັດຟຣີ 100 ບາດ'],
    ['en', 'Bonus of 100 baht'],
    ['th', 'ไม่ได้รางวัลลองใหม่อีกครั้งนะ'],
  ])('fits a long %s label inside its slice, never cut (%s)', (locale, label) => {
    for (const [size, count] of [
      [350, 8],
      [272, 8],
      [272, 7],
      [272, 12],
    ] as const) {
      const room = space(size, count);
      const layout = fitLabel(label, locale, room, measure);
      // Every character is drawn, in order.
      expect(layout.lines.join('').replace(/\s/g, '')).toBe(label.replace(/\s/g, ''));
      expect(layout.lines.length).toBeLessThanOrEqual(2);
      expect(fits(layout.lines, layout.fontPx, room, measure)).toBe(true);
      expect(layout.lineHeightPx).toBe(layout.fontPx * LINE_HEIGHT);
    }
  });

  it('breaks a Thai label between words, not inside one', () => {
    const layout = fitLabel('โบนัสฟรีหนึ่งร้อยบาท', 'th', space(272, 8), measure);
    expect(layout.lines).toHaveLength(2);
    const words = [...new Intl.Segmenter('th', { granularity: 'word' }).segment('โบนัสฟรีหนึ่งร้อยบาท')].map(
      (part) => part.segment,
    );
    // The first line ends where a word ends.
    let joined = '';
    const ends = words.map((word) => (joined += word));
    expect(ends).toContain(layout.lines[0]);
  });
});
