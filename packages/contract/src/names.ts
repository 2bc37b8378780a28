// Account names as a reader reads them (issue 25, decision 035). No zod here: the login page's
// first download must not pull it (decision 033), and the server compares names with it too.

/**
 * Thai and Lao combining marks, each with its place in a cluster as Thai and Lao typists enter
 * it: a subscript consonant (Lao semivowel LO) first, then a vowel below or above, then NIKHAHIT
 * left on its own (Pali), then a tone mark, then the signs that silence or repeat. Unicode gives
 * most of these combining class 0, so NFC leaves them in the order typed and two spellings that
 * look the same stay two strings.
 */
const MARK_RANK = new Map<number, number>();
const rank = (value: number, ...codes: number[]) => codes.forEach((code) => MARK_RANK.set(code, value));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
// Thai: vowels above (MAI HAN-AKAT, SARA I..UEE, MAITAIKHU) and below (SARA U, UU, PHINTHU).
rank(1, 0x0e31, ...range(0x0e34, 0x0e37), 0x0e47, ...range(0x0e38, 0x0e3a));
rank(2, 0x0e4d);
rank(3, ...range(0x0e48, 0x0e4b));
rank(4, 0x0e4c, 0x0e4e);
// Lao: subscript LO, vowels above and below (MAI KAN, I..YY, MAI KON, U, UU, virama), NIGGAHITA,
// tone marks, the cancellation mark.
rank(0, 0x0ebc);
rank(1, 0x0eb1, ...range(0x0eb4, 0x0ebb));
rank(2, 0x0ecd);
rank(3, ...range(0x0ec8, 0x0ecb));
rank(4, 0x0ecc);

/** SARA AM (Thai, Lao), the NIKHAHIT (NIGGAHITA) and SARA AA it is drawn from. */
const SARA_AM = [
  { am: 0x0e33, nikhahit: 0x0e4d, aa: 0x0e32 },
  { am: 0x0eb3, nikhahit: 0x0ecd, aa: 0x0eb2 },
];

/** Characters that show nothing: zero-width spaces and joiners, the word joiner, BOM, soft hyphen. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060\ufeff]/gu;

/**
 * Thai and Lao clusters in one spelling: the marks after a letter in the order above, and SARA AM
 * always the one character, after the cluster's marks. NIKHAHIT typed with SARA AA (with a tone
 * mark between them or not: น + ํ + ้ + า) and a tone mark typed after SARA AM (น + ำ + ้) are all
 * น + ้ + ำ, as Thai keyboards produce it. Marks of one rank keep the order typed.
 */
function canonicalClusters(text: string): string {
  const chars = [...text].map((char) => char.codePointAt(0)!);
  const out: number[] = [];
  let index = 0;
  while (index < chars.length) {
    out.push(chars[index]!);
    index += 1;
    const marks: number[] = [];
    let am: number | null = null;
    for (;;) {
      const code = chars[index];
      if (code === undefined) break;
      if (MARK_RANK.has(code)) {
        marks.push(code);
        index += 1;
        continue;
      }
      const pair = SARA_AM.find(
        (entry) => entry.am === code || (entry.aa === code && marks.includes(entry.nikhahit)),
      );
      // SARA AM ends a cluster, but marks typed after it (a tone mark) are the cluster's still.
      if (pair && am === null) {
        if (code === pair.aa) marks.splice(marks.indexOf(pair.nikhahit), 1);
        am = pair.am;
        index += 1;
        continue;
      }
      break;
    }
    marks.sort((a, b) => MARK_RANK.get(a)! - MARK_RANK.get(b)!);
    out.push(...marks);
    if (am !== null) out.push(am);
  }
  return String.fromCodePoint(...out);
}

/**
 * An account name as banks print it and as it is compared: NFC, invisible characters dropped,
 * Thai and Lao clusters in one spelling, single spaces, upper case. Two names a reader cannot tell
 * apart are one string.
 */
export const normalizeAccountName = (text: string): string =>
  canonicalClusters(text.normalize('NFC').replace(INVISIBLE, '')).trim().replace(/\s+/g, ' ').toUpperCase();
