import { describe, expect, it } from 'vitest';
import { normalizeAccountName as n } from './names';

const same = (a: string, b: string) => expect(n(a)).toBe(n(b));
const differ = (a: string, b: string) => expect(n(a)).not.toBe(n(b));

/** Code points written out, so the spellings compared are the ones named (an editor may fold them). */
const cp = (...codes: number[]) => String.fromCodePoint(...codes);

describe('account names compared as a reader reads them (issue 25)', () => {
  it('SARA AM is one spelling: U+0E33, or NIKHAHIT and SARA AA, with a tone mark anywhere between', () => {
    // "สมชาย ใจดำ": ดำ as ด + ำ and as ด + ํ + า.
    const composed = `สมชาย ใจ${cp(0x0e14, 0x0e33)}`;
    same(composed, `สมชาย ใจ${cp(0x0e14, 0x0e4d, 0x0e32)}`);
    // น้ำ: tone then SARA AM (as typed), NIKHAHIT, tone, SARA AA, tone, NIKHAHIT, SARA AA, and a
    // tone typed after SARA AM.
    const water = cp(0x0e19, 0x0e49, 0x0e33);
    for (const other of [
      cp(0x0e19, 0x0e4d, 0x0e49, 0x0e32),
      cp(0x0e19, 0x0e49, 0x0e4d, 0x0e32),
      cp(0x0e19, 0x0e33, 0x0e49),
    ])
      expect(n(other)).toBe(water);
  });

  it('puts a vowel above or below before the tone mark, whichever was typed first', () => {
    // "มั่น": MAI HAN-AKAT and MAI EK in either order.
    same(cp(0x0e21, 0x0e31, 0x0e48, 0x0e19), cp(0x0e21, 0x0e48, 0x0e31, 0x0e19));
    // ปู่: SARA UU and MAI EK; ที่: SARA II and MAI EK.
    same(cp(0x0e1b, 0x0e39, 0x0e48), cp(0x0e1b, 0x0e48, 0x0e39));
    same(cp(0x0e17, 0x0e35, 0x0e48), cp(0x0e17, 0x0e48, 0x0e35));
    expect(n(cp(0x0e21, 0x0e48, 0x0e31, 0x0e19))).toBe(cp(0x0e21, 0x0e31, 0x0e48, 0x0e19));
  });

  it('does the same for Lao: SARA AM, and tone marks after vowels', () => {
    // ຄຳ as ຄ + ຳ and as ຄ + ໍ + າ; ນ້ຳ with the tone anywhere.
    same(cp(0x0e84, 0x0eb3), cp(0x0e84, 0x0ecd, 0x0eb2));
    same(cp(0x0e99, 0x0ec9, 0x0eb3), cp(0x0e99, 0x0ecd, 0x0ec9, 0x0eb2));
    same(cp(0x0e99, 0x0ec9, 0x0eb3), cp(0x0e99, 0x0eb3, 0x0ec9));
    // ມັ່ນ, ສີ່, ຜູ້, ກົ້: vowel (above, below, MAI KON) and tone mark in either order.
    same(cp(0x0ea1, 0x0eb1, 0x0ec8, 0x0e99), cp(0x0ea1, 0x0ec8, 0x0eb1, 0x0e99));
    same(cp(0x0eaa, 0x0eb5, 0x0ec8), cp(0x0eaa, 0x0ec8, 0x0eb5));
    same(cp(0x0e9c, 0x0eb9, 0x0ec9), cp(0x0e9c, 0x0ec9, 0x0eb9));
    same(cp(0x0e81, 0x0ebb, 0x0ec9), cp(0x0e81, 0x0ec9, 0x0ebb));
  });

  it('drops zero-width characters and collapses any whitespace', () => {
    same('สมชาย ใจดี', '\u200bสม\u200dชาย\u00a0\u00a0ใจ\u200cดี\ufeff');
    same('SOMCHAI JAIDEE', ' somchai\t\u3000jai\u2060dee ');
  });

  it('still tells apart names that differ', () => {
    differ('สมชาย ใจดี', 'สมชาย ใจดำ');
    differ(cp(0x0e21, 0x0e31, 0x0e48, 0x0e19), cp(0x0e21, 0x0e31, 0x0e49, 0x0e19)); // มั่น, มั้น
    differ(cp(0x0e19, 0x0e49, 0x0e33), cp(0x0e19, 0x0e32)); // น้ำ, นา
    differ(cp(0x0e19, 0x0e49, 0x0e33), cp(0x0e19, 0x0e33)); // น้ำ, นำ
    differ(cp(0x0e84, 0x0eb3), cp(0x0e84, 0x0eb2)); // ຄຳ, ຄາ
    differ('SOMCHAI JAIDEE', 'SOMCHAI JAIDEEE');
    // A NIKHAHIT of its own (Pali) is kept; it is not SARA AM without SARA AA.
    expect(n(cp(0x0e2d, 0x0e4d))).toBe(cp(0x0e2d, 0x0e4d));
  });

  it('leaves a name already in its canonical spelling as it is', () => {
    for (const name of ['นายสมชาย ใจดำ', 'มั่นคง', 'ທ້າວ ສົມສັກ ຄຳມະນີ', 'SOMCHAI JAIDEE'])
      expect(n(name)).toBe(name.normalize('NFC'));
  });
});
