import { describe, expect, it } from 'vitest';
import { rewardsTexts } from './rewards-texts';
import { resources } from '../test/locales';

/**
 * Labels that share a line with other things take a short form (issue 31 item 18): the status
 * pill beside an amount in the statement, the agreement's accept button and the refund-to-wallet
 * button stay on one line at 320 px in every language (screenshots under e2e/screenshots).
 * Counted in letters as they show (a Thai vowel or tone mark adds none).
 */
const LANGS = ['th', 'lo', 'en'] as const;
const letters = (text: string) =>
  [...new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(text)].length;

const labels = (lang: (typeof LANGS)[number]) => ({
  reviewPill: { text: resources[lang].common.statement.status.REVIEW, most: 12 },
  agreementAccept: { text: resources[lang].common.agreement.accept, most: 14 },
  refundToWallet: { text: rewardsTexts[lang].refund.wallet.button, most: 14 },
});

describe('short labels', () => {
  it.each(LANGS)('%s keeps the pill and the two buttons short', (lang) => {
    const long = Object.entries(labels(lang))
      .filter(([, { text, most }]) => letters(text) > most)
      .map(([name, { text }]) => `${name}: ${text} (${letters(text)})`);
    expect(long).toEqual([]);
  });

  it('writes Thai and Lao buttons without ฉัน/ຂ້ອຍ (glossary)', () => {
    expect(resources.th.common.agreement.accept).not.toMatch(/ฉัน/);
    expect(resources.lo.common.agreement.accept).not.toMatch(/ຂ້ອຍ/);
  });
});
