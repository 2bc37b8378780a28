import type { Locator, Page } from '@playwright/test';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import { dialogsClosed, expect, expectAccessible, memberOn, screenshot, test } from './fixtures';
import { text } from './texts';

/**
 * Issue 16, text polish: at 320 px a Thai or Lao label wraps between words only (decision 029),
 * and a disabled button says why, on the screen (a phone has no hover for a tooltip).
 */

const SHOTS = 'text-polish';

/** A text of the `reasons` namespace (locales/<lang>/reasons.json), its {{placeholders}} filled. */
const reason = (locale: Locale, key: string, values: Record<string, string> = {}) =>
  text(locale, key, 'reasons').replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * Words a Thai or Lao reader keeps whole that the browser's dictionary cuts into pieces (a
 * compound, a loan word): no line of a label may start inside one. The dictionary's own words
 * (Intl.Segmenter, in the page) are checked as well.
 */
const WHOLE_WORDS: Partial<Record<Locale, string[]>> = {
  th: ['เดินบัญชี', 'ยอดเสีย', 'วงล้อ', 'โบนัส', 'ทั้งหมด', 'สลิป'],
  lo: ['ເຄື່ອນໄຫວບັນຊີ', 'ໂບນັດ', 'ອັບເດດ', 'ຍອດເສຍ', 'ທັງໝົດ', 'ວົງລໍ້', 'ສະລິບ'],
};

interface Lines {
  text: string;
  /** Offsets in `text` where a line after the first starts. */
  starts: number[];
  /** Offsets in `text` where the page's Intl.Segmenter puts a word boundary. */
  boundaries: number[];
}

/** Where the rendered lines of `element`'s text start, read from the layout, character by character. */
function linesOf(locator: Locator, locale: Locale): Promise<Lines> {
  return locator.evaluate((element, lang) => {
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 16;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const starts: number[] = [];
    let text = '';
    let lineTop: number | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? '';
      for (let index = 0; index < value.length; index++) {
        if (/\s/.test(value[index]!)) continue;
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = [...range.getClientRects()].find((box) => box.height > 0);
        if (!rect) continue;
        if (lineTop === null) lineTop = rect.top;
        else if (rect.top > lineTop + lineHeight / 2) {
          starts.push(text.length + index);
          lineTop = rect.top;
        }
      }
      text += value;
    }
    const boundaries = [...new Intl.Segmenter(lang, { granularity: 'word' }).segment(text)].map(
      (segment) => segment.index,
    );
    return { text, starts, boundaries };
  }, locale);
}

/** Every line of the label starts at a word boundary, never inside a word kept whole, and fits. */
async function expectWholeWords(locator: Locator, locale: Locale) {
  const lines = await linesOf(locator, locale);
  const inside = (start: number) =>
    (WHOLE_WORDS[locale] ?? []).some((word) => {
      for (let at = lines.text.indexOf(word); at >= 0; at = lines.text.indexOf(word, at + 1)) {
        if (start > at && start < at + word.length) return true;
      }
      return false;
    });
  const split = lines.starts
    .filter((start) => !lines.boundaries.includes(start) || inside(start))
    .map((start) => `${lines.text.slice(0, start)} / ${lines.text.slice(start)}`);
  expect(split, `lines of "${lines.text}"`).toEqual([]);
  // A chunk kept whole never wraps: it must still fit its box.
  const { scrolled, box } = await locator.evaluate((element) => ({
    scrolled: element.scrollWidth,
    box: element.clientWidth,
  }));
  expect(scrolled, `"${lines.text}" overflows`).toBeLessThanOrEqual(box);
  return lines;
}

const narrow = async (page: Page) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.evaluate(() => document.fonts.ready);
};
const wide = (page: Page) => page.setViewportSize({ width: 390, height: 844 });

for (const locale of LOCALES) {
  test(`${locale}: labels wrap between words at 320 px, and disabled buttons say why`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (key: string) => text(locale, key);
    const checksLines = locale !== 'en';
    // An empty wallet: Transfer money of an app-only game, Use all and Withdraw all have a reason.
    await memberOn(page, request, { locale });
    const tiles = page.getByRole('region', { name: t('home.widgets.label') });
    await expect(tiles.getByRole('button', { name: t('home.widgets.deposit'), exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/${locale}/home-390`, { fullPage: false });

    // Home's tiles at 320 px, three to a row.
    await narrow(page);
    await tiles.scrollIntoViewIfNeeded();
    await screenshot(page, `${SHOTS}/${locale}/home-320`, { fullPage: false });
    if (checksLines) {
      for (const tile of await tiles.locator('li > button:not([data-spin-coins])').all()) {
        await expectWholeWords(tile, locale);
      }
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await wide(page);

    // A game with no web version and no iOS app (the sandbox's USUN): Play says why it is off.
    await page.locator('[data-game="USUN"]').click();
    const game = page.getByRole('dialog');
    await game.getByRole('button', { name: t('game.openAccount') }).click();
    await expect(game.getByText(t('game.username'))).toBeVisible();
    const play = game.getByRole('button', { name: t('game.web') });
    await expect(play).toBeDisabled();
    const platforms = reason(locale, 'play.either', {
      first: reason(locale, 'play.platform.web'),
      second: reason(locale, 'play.platform.ios'),
    });
    const unplayable = reason(locale, 'play.unavailable', { name: 'USUN', platforms });
    await expect(game.locator('[data-reason="play"]')).toHaveText(unplayable);
    await expect(play).toHaveAccessibleDescription(unplayable);
    const fund = game.getByRole('button', { name: t('game.fund') });
    await expect(fund).toBeDisabled();
    const walletEmpty = reason(locale, 'fund.walletEmpty', { name: 'USUN' });
    await expect(fund).toHaveAccessibleDescription(walletEmpty);
    await expect(game.getByText(walletEmpty)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/${locale}/game-reasons-390`, { fullPage: false });
    await narrow(page);
    await fund.scrollIntoViewIfNeeded();
    await screenshot(page, `${SHOTS}/${locale}/game-reasons-320`, { fullPage: false });
    if (checksLines) await expectWholeWords(fund, locale);
    await wide(page);
    await page.keyboard.press('Escape');
    await dialogsClosed(page);

    // Transfer with every account empty: Use all is off, and the dialog says why as it opens.
    await page.getByRole('button', { name: t('home.transfer') }).click();
    const transfer = page.getByRole('dialog', { name: t('transfer.title') });
    await expect(transfer.getByRole('button', { name: t('transfer.useAll') })).toBeDisabled();
    await expect(transfer.getByText(reason(locale, 'transfer.nothingAnywhere'))).toBeVisible();
    await expectAccessible(page);
    await narrow(page);
    await screenshot(page, `${SHOTS}/${locale}/transfer-reason-320`, { fullPage: false });
    await wide(page);
    await page.keyboard.press('Escape');
    await dialogsClosed(page);

    // Withdraw with less than the minimum: said before any tap.
    await page.getByRole('button', { name: t('home.widgets.withdraw'), exact: true }).click();
    const withdraw = page.getByRole('dialog', { name: t('withdraw.title') });
    await expect(withdraw.locator('[data-reason="withdraw"]')).toBeVisible();
    await expectAccessible(page);
    await narrow(page);
    await screenshot(page, `${SHOTS}/${locale}/withdraw-reason-320`, { fullPage: false });
    await wide(page);
    await page.keyboard.press('Escape');
    await dialogsClosed(page);

    // A page title beside its action: the statement's, at 320 px.
    await page.getByRole('link', { name: t('nav.statement'), exact: true }).click();
    const title = page.getByRole('heading', { level: 1, name: t('statement.title') });
    await expect(title).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/${locale}/statement-390`, { fullPage: false });
    await narrow(page);
    await screenshot(page, `${SHOTS}/${locale}/statement-320`, { fullPage: false });
    if (checksLines) {
      // Beside "Slip status" the title needs two lines: without decision 029 the Thai one wrapped
      // as "รายการเดิน / บัญชี".
      expect((await expectWholeWords(title, locale)).starts).toHaveLength(1);
    }
    await wide(page);
  });
}
