/**
 * How a slice's label fits in its slice (pure: the text is measured by a function the canvas
 * gives). Labels are written along the slice's middle line, ending near the rim; a long one is
 * made smaller, or broken over two lines at a word boundary (Thai and Lao write words without
 * spaces: Intl.Segmenter finds them), and never cut.
 */

export interface LabelSpace {
  /** Radius where the slices end (the rim's inside). */
  radius: number;
  /** Radius of the hub: no text inside it. */
  hubRadius: number;
  /** The slice's angle, in degrees. */
  sliceDegrees: number;
  /** Space kept free between the text and the rim, the hub and the slice's edges. */
  padding: number;
  maxFontPx: number;
  minFontPx: number;
}

export interface LabelLayout {
  fontPx: number;
  lines: string[];
  /** Distance from one line's middle to the next, in px (Thai and Lao stack marks: 1.3 em). */
  lineHeightPx: number;
}

/** Width of `text` at `fontPx` (the canvas's measureText). */
export type Measure = (text: string, fontPx: number) => number;

export const LINE_HEIGHT = 1.3;

/** The places a label may break, as [first line, second line] pairs, best first. */
export function twoLineSplits(text: string, locale: string, measure: Measure): [string, string][] {
  const breaks = new Set<number>();
  if (typeof Intl.Segmenter === 'function') {
    for (const part of new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)) {
      if (part.index > 0) breaks.add(part.index);
    }
  } else {
    for (const match of text.matchAll(/\s+/g)) breaks.add(match.index);
  }
  const splits = [...breaks]
    .map((at) => [text.slice(0, at).trim(), text.slice(at).trim()] as [string, string])
    .filter(([first, second]) => first !== '' && second !== '');
  // The most even pair first: its longer line is the shortest.
  const longer = ([first, second]: [string, string]) => Math.max(measure(first, 10), measure(second, 10));
  return splits.sort((a, b) => longer(a) - longer(b));
}

/** Whether `lines` at `fontPx` fit between the hub and the rim, and between the slice's edges. */
export function fits(lines: string[], fontPx: number, space: LabelSpace, measure: Measure): boolean {
  const width = Math.max(...lines.map((line) => measure(line, fontPx)));
  const outer = space.radius - space.padding;
  const inner = outer - width;
  if (inner < space.hubRadius + space.padding) return false;
  const half = Math.min(space.sliceDegrees, 179) / 2;
  // The slice is narrowest at the text's inner end: the block must fit across there.
  const across = 2 * inner * Math.tan((half * Math.PI) / 180) - 2 * space.padding;
  return lines.length * fontPx * LINE_HEIGHT <= across;
}

/**
 * The largest layout that fits: one line if it fits at a size not much below the largest, else
 * two lines, else one line at any size down to the smallest; past that, smaller still (a label
 * is never cut, even if small).
 */
export function fitLabel(text: string, locale: string, space: LabelSpace, measure: Measure): LabelLayout {
  const layout = (fontPx: number, lines: string[]): LabelLayout => ({
    fontPx,
    lines,
    lineHeightPx: fontPx * LINE_HEIGHT,
  });
  const sizes = (from: number, to: number) => {
    const list: number[] = [];
    for (let size = from; size >= to - 1e-9; size -= 0.5) list.push(size);
    return list;
  };
  const single = [text.trim()];
  const splits = twoLineSplits(text, locale, measure).slice(0, 3);

  for (const size of sizes(space.maxFontPx, space.maxFontPx * 0.8)) {
    if (fits(single, size, space, measure)) return layout(size, single);
  }
  for (const size of sizes(space.maxFontPx, space.minFontPx)) {
    if (fits(single, size, space, measure)) return layout(size, single);
    const split = splits.find((pair) => fits(pair, size, space, measure));
    if (split) return layout(size, split);
  }
  const best = splits[0] ?? single;
  for (const size of sizes(space.minFontPx, 4)) {
    if (fits(best, size, space, measure)) return layout(size, best);
    if (fits(single, size, space, measure)) return layout(size, single);
  }
  return layout(4, best);
}
