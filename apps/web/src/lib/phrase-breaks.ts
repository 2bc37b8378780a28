/**
 * Where a short Thai or Lao label may wrap (decision 029). Thai and Lao put no spaces between
 * words; the browser breaks them with ICU's dictionary, which splits compounds and loan words
 * into pieces ("รายการ|เดิน|บัญชี", "ໂບ|ນັດ") and then wraps at any of them: "รายการเดิน / บัญชี"
 * on a 320 px phone. Here the same dictionary's words (Intl.Segmenter) are grouped into the
 * chunks a reader keeps together, and a label wraps only between chunks (`<Phrase>`).
 */

/** A piece of this many grapheme clusters or fewer is a syllable, not a word of its own. */
const SHORT = 3;
/** A chunk grows no longer than this: a long run of short words keeps places to wrap. */
const LONGEST = 10;
/** Thai (U+0E00–U+0E7F) and Lao (U+0E80–U+0EFF): the scripts broken by dictionary. */
const DICTIONARY_SCRIPT = /[\u0E00-\u0EFF]/;

/** Whether the text has Thai or Lao in it: the only text `phraseChunks` cuts between spaces. */
export const hasDictionaryScript = (text: string) => DICTIONARY_SCRIPT.test(text);

// NOTE: a browser without Intl.Segmenter (Firefox before 125) gets the text as it is.
// ICU picks the dictionary by script, not by locale: one 'th' segmenter breaks Lao too. Made on
// first use, not when /login loads.
let segmenters: { words: Intl.Segmenter; graphemes: Intl.Segmenter } | null | undefined;
function getSegmenters() {
  if (segmenters === undefined) {
    segmenters =
      typeof Intl.Segmenter === 'function'
        ? {
            words: new Intl.Segmenter('th', { granularity: 'word' }),
            graphemes: new Intl.Segmenter('th', { granularity: 'grapheme' }),
          }
        : null;
  }
  return segmenters;
}

const cache = new Map<string, readonly string[]>();

/**
 * The label cut into the pieces it may wrap between; joined, they are the text again. Spaces are
 * pieces of their own (a break as always); a run of Thai or Lao is cut at the dictionary's word
 * boundaries, except that short pieces (syllables of a loan word, halves of a compound) stay with
 * their neighbours: consecutive short pieces form one chunk ("ໂບ|ນັດ", "เดิน|บัญชี"), a lone one
 * joins the word before it (or after it, at the start), and punctuation joins the word before it.
 * Text without Thai or Lao is one piece per space-separated word, as the browser would wrap it.
 */
export function phraseChunks(text: string): readonly string[] {
  const known = cache.get(text);
  if (known) return known;
  const chunks: string[] = [];
  for (const run of text.split(/(\s+)/)) {
    if (run === '') continue;
    const found = getSegmenters();
    if (/^\s+$/.test(run) || !DICTIONARY_SCRIPT.test(run) || !found) chunks.push(run);
    else chunks.push(...runChunks(run, found.words, found.graphemes));
  }
  if (cache.size > 500) cache.clear();
  cache.set(text, chunks);
  return chunks;
}

interface Piece {
  text: string;
  length: number;
  /** A dictionary-script piece of SHORT grapheme clusters or fewer, alone. */
  short: boolean;
  /** Made of short pieces only (one or more). */
  syllables: boolean;
}

const joined = (first: Piece, second: Piece): Piece => ({
  text: first.text + second.text,
  length: first.length + second.length,
  short: false,
  syllables: first.syllables && second.syllables,
});

function runChunks(run: string, wordSegmenter: Intl.Segmenter, graphemes: Intl.Segmenter): string[] {
  // Words, with punctuation and symbols stuck to the word before them ("เข้า-", "5,000").
  const texts: string[] = [];
  for (const { segment, isWordLike } of wordSegmenter.segment(run)) {
    if (!isWordLike && texts.length > 0) texts[texts.length - 1] += segment;
    else texts.push(segment);
  }
  const pieces = texts.map((text): Piece => {
    const length = [...graphemes.segment(text)].length;
    const short = DICTIONARY_SCRIPT.test(text) && length <= SHORT;
    return { text, length, short, syllables: short };
  });

  // Consecutive short pieces are one chunk, a word now: the syllables of one word ("ໂບ|ນັດ"),
  // or a compound's halves ("เดิน|บัญชี"). A short piece alone stays short.
  const groups: Piece[] = [];
  for (const piece of pieces) {
    const last = groups.at(-1);
    if (last?.syllables && piece.short && last.length + piece.length <= LONGEST) {
      groups[groups.length - 1] = joined(last, piece);
    } else groups.push(piece);
  }

  // A short piece left alone belongs with the word before it, or with the next one at the start.
  const chunks: Piece[] = [];
  let carried: Piece | null = null;
  for (const group of groups) {
    const piece: Piece = carried ? joined(carried, group) : group;
    carried = null;
    const last = chunks.at(-1);
    if (piece.short && last && last.length + piece.length <= LONGEST) {
      chunks[chunks.length - 1] = joined(last, piece);
    } else if (piece.short && !last) carried = piece;
    else chunks.push(piece);
  }
  if (carried) chunks.push(carried);
  return chunks.map((chunk) => chunk.text);
}
