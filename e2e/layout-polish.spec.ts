import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import {
  creditWallet,
  dialogsClosed,
  expect,
  expectAccessible,
  open,
  registerMember,
  screenshot,
  smsCode,
  test,
} from './fixtures';
import { text } from './texts';

/**
 * Issue 16, what the screenshots showed: the raised home button over a game card's button, toasts
 * over a dialog's title, the balance card's transfer button off its padding, gaps in the register
 * step lines, and a coin count that did not say what coins are. Measured in the browser at a
 * common phone (390 x 844) and a small one (320 x 640), in each language.
 */

const SHOTS = 'layout-polish';
const SIZES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

/** The coin dialog's title, from Home's own texts (locales/<lang>/home.json). */
function coinInfoTitle(locale: Locale): string {
  const file = new URL(`../apps/web/src/locales/${locale}/home.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { coinInfo: { title: string } }).coinInfo.title;
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  expect(found, 'a box on the screen').not.toBeNull();
  return found!;
};
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function setSize(page: Page, size: (typeof SIZES)[number]) {
  await page.setViewportSize(size);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
}

/**
 * What the page shows at a point, where a tap there lands, as "<tag> <first classes>" when it is
 * not inside `[data-game]` card `code`.
 */
function coverAt(page: Page, code: string, x: number, y: number) {
  return page.evaluate(
    ({ code, x, y }) => {
      const hit = document.elementFromPoint(x, y);
      if (hit?.closest(`[data-game="${code}"]`)) return null;
      return hit
        ? `${hit.tagName.toLowerCase()} ${String(hit.getAttribute('class')).slice(0, 60)}`
        : 'nothing';
    },
    { code, x, y },
  );
}

/** The button line at the foot of a game card (its "View data" or "Open account"). */
const cardButton = (card: Locator) => card.locator(':scope > span:last-child > span:last-child');

/**
 * Nothing of the menu covers a game card the member sees above it: at the bottom of the page,
 * the last row's buttons; and the card under the home button, its foot just above the menu.
 */
async function expectGameCardsUncovered(page: Page, locale: Locale) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastRow = page.locator('ul:has([data-game])').last().locator('[data-game]');
  const width = page.viewportSize()!.width;
  for (const card of await lastRow.all()) {
    const button = await box(cardButton(card));
    if (button.x + button.width > width) continue; // on the carousel's next page
    const code = (await card.getAttribute('data-game'))!;
    const centre = [button.x + button.width / 2, button.y + button.height / 2] as const;
    expect(await coverAt(page, code, ...centre), `${code}'s button at the bottom of the page`).toBeNull();
  }

  // The card in the middle column, scrolled until its foot sits 2 px above the menu's top edge:
  // the member sees all of it, so all of it must take a tap.
  const nav = await box(page.getByRole('navigation', { name: text(locale, 'nav.label') }));
  const index = await middleCardIndex(page);
  expect(index, 'a game card in the middle column').toBeGreaterThanOrEqual(0);
  const middle = page.locator('[data-game]').nth(index);
  const code = (await middle.getAttribute('data-game'))!;
  const before = await box(middle);
  await page.evaluate((by) => window.scrollBy(0, by), before.y + before.height - (nav.y - 2));
  const card = await box(middle);
  expect(Math.abs(card.y + card.height - (nav.y - 2)), 'scrolled to just above the menu').toBeLessThanOrEqual(
    1,
  );
  const button = await box(cardButton(middle));
  const middleY = button.y + button.height / 2;
  // Across its button line, and the card's foot under it (not its rounded corners: no card there).
  const points = [button.x + 4, button.x + button.width / 2, button.x + button.width - 4]
    .map((x) => [x, middleY] as const)
    .concat([[card.x + card.width / 2, card.y + card.height - 2]]);
  for (const [x, y] of points) {
    expect(await coverAt(page, code, x, y), `${code} at ${Math.round(x)},${Math.round(y)}`).toBeNull();
  }
}

/** The first game card that spans the middle of the screen (under the home button). */
function middleCardIndex(page: Page) {
  return page.evaluate(() => {
    const middle = window.innerWidth / 2;
    return [...document.querySelectorAll('[data-game]')].findIndex((card) => {
      const { left, right } = card.getBoundingClientRect();
      return left < middle && right > middle;
    });
  });
}

/** The transfer button ends as far from the card's right edge as the card's content does. */
async function expectTransferAligned(page: Page, locale: Locale) {
  const card = page.getByRole('region', { name: text(locale, 'home.totalBalance') });
  const cardBox = await box(card);
  const content = await box(card.locator('dl'));
  const transfer = await box(card.getByRole('button', { name: text(locale, 'home.transfer') }));
  const right = (one: Box) => cardBox.x + cardBox.width - (one.x + one.width);
  expect(right(content), 'the card’s content inset').toBeGreaterThan(16);
  expect(Math.abs(right(transfer) - right(content)), 'transfer inset − content inset').toBeLessThanOrEqual(1);
}

/** Neither the dialog's title nor its close button is under a toast of the dialog. */
async function expectToastClearOfHeader(page: Page, dialog: Locator, locale: Locale) {
  const toasts = dialog.locator('[role="status"] > div');
  await expect(toasts.first()).toBeVisible();
  const title = await box(dialog.locator('h2').first());
  const close = await box(dialog.getByRole('button', { name: text(locale, 'action.close'), exact: true }));
  const dialogBox = await box(dialog);
  for (const toast of await toasts.all()) {
    const toastBox = await box(toast);
    expect(overlaps(toastBox, title), 'toast over the dialog’s title').toBe(false);
    expect(overlaps(toastBox, close), 'toast over the dialog’s close button').toBe(false);
    // Inside the dialog, where it is read and seen.
    expect(toastBox.y, 'toast inside the dialog').toBeGreaterThanOrEqual(dialogBox.y);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height + 1);
  }
}

/** Every line between two step circles meets both: the row is solid from circle to circle. */
async function expectStepLinesJoined(page: Page) {
  const gaps = await page.evaluate(() => {
    const circles = [...document.querySelectorAll('[data-step-circle]')].map((one) =>
      one.getBoundingClientRect(),
    );
    const found: string[] = [];
    if (circles.length < 3) found.push(`only ${circles.length} circles`);
    for (let i = 0; i + 1 < circles.length; i += 1) {
      const from = circles[i]!;
      const to = circles[i + 1]!;
      const y = from.top + from.height / 2;
      // Every pixel column between the two circles, at their middle: the topmost thing painted
      // there is a circle or a line (a thin bar), never the page behind them.
      for (let x = Math.floor(from.right) - 1; x <= Math.ceil(to.left) + 1; x += 1) {
        const top = document.elementsFromPoint(x + 0.5, y).find((element) => {
          const style = getComputedStyle(element);
          return style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.backgroundImage !== 'none';
        });
        const isCircle = top?.matches('[data-step-circle]');
        const isLine = top && top.getBoundingClientRect().height <= 4;
        if (!isCircle && !isLine) {
          found.push(`${i + 1}→${i + 2} at x=${x}: ${top ? top.tagName.toLowerCase() : 'nothing'}`);
          break;
        }
      }
    }
    return found;
  });
  expect(gaps, 'gaps between the step circles').toEqual([]);
}

test.describe.configure({ mode: 'serial' });

for (const locale of LOCALES) {
  test(`${locale}: Home's menu, balance card, coin badge and toasts over a dialog`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (key: string) => text(locale, key);
    const member = await registerMember(request);
    await creditWallet(request, member.token, 100_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/user/home', { locale, token: member.token, agreementSeen: true });
    await expect(page.locator('[data-balance="total"]')).toContainText('฿');
    await expect(page.locator('[data-game]').first()).toBeVisible();

    for (const size of SIZES) {
      await setSize(page, size);
      await expectGameCardsUncovered(page, locale);
      await screenshot(page, `${SHOTS}/${locale}/home-card-above-menu-${size.width}`, { fullPage: false });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await screenshot(page, `${SHOTS}/${locale}/home-bottom-${size.width}`, { fullPage: false });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectTransferAligned(page, locale);
      await screenshot(page, `${SHOTS}/${locale}/home-${size.width}`, { fullPage: false });
    }
    await expectAccessible(page);

    // The coin badge on the balance card explains the coins (the wheel tile's dialog).
    const coins = page.locator('[data-balance-coins]');
    await expect(coins).toHaveAttribute('aria-haspopup', 'dialog');
    await coins.click();
    const coinInfo = page.getByRole('dialog', { name: coinInfoTitle(locale) });
    await expect(coinInfo).toBeVisible();
    await expectAccessible(page);
    for (const size of [...SIZES].reverse()) {
      await setSize(page, size);
      await screenshot(page, `${SHOTS}/${locale}/coin-info-${size.width}`, { fullPage: false });
    }
    await coinInfo.getByRole('button', { name: t('action.close'), exact: true }).click();
    await dialogsClosed(page);

    // A toast while a game's dialog is open: opening the account, then copying its login.
    const closed = page
      .locator('[data-game]')
      .filter({ hasText: t('game.openAccount') })
      .first();
    const code = (await closed.getAttribute('data-game'))!;
    await closed.scrollIntoViewIfNeeded();
    await closed.click();
    const game = page.getByRole('dialog');
    await game.getByRole('button', { name: t('game.openAccount') }).click();
    await expectToastClearOfHeader(page, game, locale);
    await screenshot(page, `${SHOTS}/${locale}/toast-over-dialog-390`, { fullPage: false });
    await expect(page.locator(`[data-game="${code}"]`)).toContainText(t('game.viewData'));

    await setSize(page, SIZES[1]);
    await game.getByRole('button', { name: t('game.copyUsername') }).click();
    await expect(
      game.getByRole('status').getByText(t('copy.done').replace('{{text}}', '').trim()),
    ).toBeVisible();
    await expectToastClearOfHeader(page, game, locale);
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/${locale}/toast-over-dialog-320`, { fullPage: false });
  });

  test(`${locale}: the register step lines join their circles`, async ({ page, request }) => {
    const phone = `08${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    await open(page, '/register', { locale });
    await expect(page.locator('[data-step-circle]')).toHaveCount(4);

    const check = async (name: string) => {
      for (const size of SIZES) {
        await setSize(page, size);
        await expectStepLinesJoined(page);
        await screenshot(page, `${SHOTS}/${locale}/${name}-${size.width}`, { fullPage: false });
      }
      await page.setViewportSize(SIZES[0]);
      await expectAccessible(page);
    };
    await check('register-1-phone');
    await page.locator('input[name="phone"]').fill(phone);
    await page.locator('form button[type="submit"]').click();
    await page.locator('input[name="otpCode"]').fill(await smsCode(request, phone));
    await check('register-2-otp');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('input[name="name"]')).toBeVisible();
    await check('register-3-profile');
  });
}
