import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One word for each idea (../shared/design/glossary.md, issue 31 items 15 and 16): every text a
 * member or a staff member reads, in the member app, the console and the server's own messages,
 * is searched for the variants a review found, so that none comes back. A variant is listed with
 * the glossary word it gives way to, so a failure says what to write instead.
 */

type Lang = 'th' | 'lo' | 'en';
/** `consoleToo`: the console must not use it either; `only`: the variant counts in that file only. */
type Variant = { pattern: RegExp; use: string; consoleToo?: boolean; only?: string };

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Server files that hold texts members read (SMS, the chat bot, notices, the agreement). */
const SERVER_TEXTS = [
  'modules/otp/otp.service.ts',
  'modules/chat/chat-bot.ts',
  'modules/notices/notice-texts.ts',
  'modules/lookups/reference-data.ts',
];

// NOTE: a path, not a URL: jsdom's URL is not the one node:fs accepts.
const SERVER_SRC = join(dirname(fileURLToPath(import.meta.url)), '../../../server/src');

function leafTexts(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => leafTexts(child, `${path}.${key}`));
}

/** Every text of a language, by where it lives; console files are marked. */
function textsOf(lang: Lang): { where: string; text: string; console: boolean }[] {
  const texts = Object.entries(files)
    .filter(([file]) => file.startsWith(`../locales/${lang}/`))
    .flatMap(([file, json]) => {
      const name = file.slice(`../locales/${lang}/`.length, -'.json'.length);
      return leafTexts(json, name).map(([where, text]) => ({
        where,
        text,
        console: name.startsWith('console'),
      }));
    });
  // Server texts are read as source: only the string literals in that language's script count.
  const script = { th: /[\u0E00-\u0E7F]/, lo: /[\u0E80-\u0EFF]/, en: /^$/ }[lang];
  for (const file of SERVER_TEXTS) {
    const source = readFileSync(join(SERVER_SRC, file), 'utf8');
    for (const [index, line] of source.split('\n').entries())
      if (script.test(line)) texts.push({ where: `server ${file}:${index + 1}`, text: line, console: false });
  }
  return texts;
}

const VARIANTS: Record<Lang, Variant[]> = {
  th: [
    { pattern: /ฝ่ายบริการ|ทีมงาน|แอดมิน|ฝ่ายสนับสนุน|คอลเซ็นเตอร์/, use: 'เจ้าหน้าที่', consoleToo: true },
    { pattern: /คิวอาร์|QR ?[Cc]ode|QRโค้ด/, use: 'QR โค้ด', consoleToo: true },
    { pattern: /ยอดเงินทั้งหมด|ยอดคงเหลือรวม|ยอดรวมของสมาชิก/, use: 'ยอดเงินรวม', consoleToo: true },
    // The bonus floor is measured on the total balance (wallet, games and money in flight).
    { pattern: /ยอดเงินต่ำกว่า/, use: 'ยอดเงินรวมต่ำกว่า', only: 'bonus' },
    { pattern: /คอมมิชช|ค่าคอม/, use: 'ค่าแนะนำ', consoleToo: true },
    { pattern: /ลองอีกครั้ง|โปรดลอง/, use: 'ลองใหม่ / กรุณาลองใหม่อีกครั้ง', consoleToo: true },
  ],
  lo: [
    { pattern: /ພະນັກງານ|ທີມງານ|ແອັດມິນ|ຝ່າຍບໍລິການ/, use: 'ເຈົ້າໜ້າທີ່ (members read it)' },
    { pattern: /ຄິວອາ|QR ?[Cc]ode/, use: 'QR ໂຄດ', consoleToo: true },
    { pattern: /ຍອດເງິນທັງໝົດ|ຍອດຄົງເຫຼືອລວມ/, use: 'ຍອດເງິນລວມ', consoleToo: true },
    { pattern: /ຍອດເງິນຕ່ຳກວ່າ/, use: 'ຍອດເງິນລວມຕ່ຳກວ່າ', only: 'bonus' },
    { pattern: /ຄອມມິດ|ຄ່າຄອມ/, use: 'ຄ່າແນະນຳ', consoleToo: true },
    { pattern: /ລອງອີກຄັ້ງ|ລອງໃໝ່ອີກເທື່ອ/, use: 'ລອງໃໝ່ / ກະລຸນາລອງໃໝ່ອີກຄັ້ງ', consoleToo: true },
    // Lao written as Thai in Lao letters (item 15).
    { pattern: /ໝົດເຂດ/, use: 'ໝົດກຳນົດ', consoleToo: true },
    { pattern: /ເລີຍເວລາ/, use: 'ກາຍກຳນົດ', consoleToo: true },
    { pattern: /ໃນບໍ່ຊ້າ/, use: 'ໃນອີກບໍ່ດົນ', consoleToo: true },
    { pattern: /\d ຫຼັກ/, use: 'n ຕົວເລກ', consoleToo: true },
    { pattern: /ຈັກໜ່ອຍ/, use: 'ຈັກໜ້ອຍ', consoleToo: true },
    { pattern: /ສະໝັກ/, use: 'ລົງທະບຽນ', consoleToo: true },
    { pattern: /ບັດ(?!ກຳນັນ|ເຄຣດິດ|ປະຈຳຕົວ)/, use: 'ກາດ (a chat card)', consoleToo: true },
    // Lao has no full stops: one after Lao script ends a sentence the Thai way.
    { pattern: /[\u0E80-\u0EFF]\./, use: 'no full stop', consoleToo: true },
  ],
  en: [
    { pattern: /\bour team\b|customer service|support team|\badmin\b/i, use: 'support / our staff' },
    { pattern: /QR Code|QR-code/, use: 'QR code', consoleToo: true },
    { pattern: /your balance f[ae]l/, use: 'your total balance', only: 'bonus' },
    { pattern: /^Retry$|Please retry/, use: 'Try again', consoleToo: true },
  ],
};

describe('glossary', () => {
  it.each(['th', 'lo', 'en'] as const)('%s uses one word for each idea', (lang) => {
    const texts = textsOf(lang);
    const found = VARIANTS[lang].flatMap(({ pattern, use, consoleToo, only }) =>
      texts
        .filter(({ where }) => only === undefined || where.startsWith(`${only}.`))
        .filter(({ text, console }) => (consoleToo || !console) && pattern.test(text))
        .map(({ where, text }) => `${where}: "${text.trim()}" (use ${use})`),
    );
    expect(found).toEqual([]);
  });

  it('reads every locale file of the three languages, and the server texts', () => {
    // A glob that found nothing would pass every check above.
    const names = (lang: Lang) => Object.keys(files).filter((file) => file.includes(`/${lang}/`)).length;
    expect(names('th')).toBeGreaterThan(15);
    expect(names('lo')).toBe(names('th'));
    expect(names('en')).toBe(names('th'));
    expect(textsOf('lo').some(({ where }) => where.startsWith('server modules/chat'))).toBe(true);
  });
});
