import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import { dialogsClosed, expect, memberOn, open, screenshot, smsCode, test } from './fixtures';
import { text } from './texts';

/**
 * Issue 31, items 7, 8 and 11 to 13 (decision 072): the chat button covers nothing on any member
 * screen at any scroll; a toast stays with the dialog or screen that raised it and covers no
 * label; a bad invite link no longer locks registration; Receive is off with its reason.
 */

const SHOTS = 'nothing-covered';

/** Toasts of earlier steps gone. */
const toastsGone = (page: Page) =>
  expect(page.locator('[role="status"][aria-live="polite"] > div')).toHaveCount(0, { timeout: 15_000 });

/**
 * The page's controls whose middle is on screen between the header and the menu, but under
 * something else there (the chat button, a toast): each as "what, under what". Nothing should be.
 */
function coveredControls(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    const menu = [...document.querySelectorAll('nav')].at(-1)!.getBoundingClientRect();
    const found: string[] = [];
    const controls = document.querySelectorAll(
      'main a[href], main button, main input, main select, main [role="button"], main [tabindex="0"]',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (y <= header.bottom || y >= menu.top || x <= 0 || x >= window.innerWidth) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || control === hit || control.contains(hit)) continue;
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
      found.push(
        `${control.tagName} "${name}" under ${hit.tagName} ${hit.className.toString().slice(0, 60)}`,
      );
    }
    return found;
  });
}

/** The chat button lies inside the bottom menu: it covers only what the menu does. */
async function chatButtonInMenu(page: Page) {
  const button = await page.locator('[data-chat-launcher]').boundingBox();
  const menu = await page.locator('nav').last().boundingBox();
  expect(button, 'the chat button shows').not.toBeNull();
  expect(button!.y).toBeGreaterThanOrEqual(menu!.y);
  expect(button!.y + button!.height).toBeLessThanOrEqual(menu!.y + menu!.height + 0.5);
  expect(button!.x + button!.width).toBeLessThanOrEqual(menu!.x + menu!.width + 0.5);
}

/** At the top, the middle and the end of the page, at 390 and 320 wide: nothing covered. */
async function nothingCovered(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [320, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    await chatButtonInMenu(page);
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    for (const at of [0, Math.round(end / 2), end]) {
      await page.evaluate((y) => window.scrollTo(0, y), at);
      expect(await coveredControls(page), `${name} at ${width} px, scrolled to ${at}`).toEqual([]);
      if (at === 0)
        await screenshot(page, `${SHOTS}/th${name.replace(/^\/?/, '/')}-${width}`, { fullPage: false });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Pictures at 390 and 320 wide, `focus` (if given) in the middle of the screen in each. */
async function both(page: Page, name: string, focus?: Locator) {
  const centre = () =>
    focus?.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await centre();
  await screenshot(page, `${SHOTS}/${name}-390`, { fullPage: false });
  await page.setViewportSize({ width: 320, height: 640 });
  await centre();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await screenshot(page, `${SHOTS}/${name}-320`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('the chat button covers no control on the member screens, at any scroll (issue 31)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const locale: Locale = 'th';
  const t = (key: string) => text(locale, key);
  // A running bonus: the bonus page shows its cancel button and the offers' chevrons.
  await memberOn(page, request, { locale, credit: 20_000, url: '/user/bonus' });
  await page.locator('[data-offer="WELCOME100"]').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text(locale, 'bonus.receive', 'bonus') })
    .click();
  await dialogsClosed(page);
  await toastsGone(page);
  await nothingCovered(page, 'bonus');

  for (const [path, ready] of [
    ['/user/home', '[data-game]'],
    ['/user/profile', 'main h1'],
    ['/user/statement', 'main h1'],
    ['/user/spin', 'main h1'],
    ['/user/contact', 'main h1'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await nothingCovered(page, path);
  }
  await page.getByRole('button', { name: t('nav.logout') }).click();
  for (const path of ['/login', '/register', '/contact']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await nothingCovered(page, path);
  }
});

for (const locale of LOCALES) {
  test(`${locale}: toasts stay where they were raised; the menu's chat; Receive off with its reason`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = (key: string) => text(locale, key);
    const b = (key: string) => text(locale, key, 'bonus');

    // Home: the chat button in the menu.
    await memberOn(page, request, { locale });
    await expect(page.locator('[data-chat-launcher]')).toBeVisible();
    await both(page, `${locale}/home`);

    // "Account opened" takes room of its own in the game's dialog: the balance label stays clear.
    await page.locator('[data-game="JOKER"]').click();
    const game = page.getByRole('dialog');
    await game.getByRole('button', { name: t('game.openAccount') }).click();
    await expect(game.getByRole('status')).not.toBeEmpty();
    const label = game.getByText(t('game.balance'), { exact: true });
    await expect(label).toBeVisible();
    const [toastBox, labelBox] = [await game.getByRole('status').boundingBox(), await label.boundingBox()];
    expect(toastBox!.y + toastBox!.height, 'the toast ends above the balance label').toBeLessThanOrEqual(
      labelBox!.y + 0.5,
    );
    await both(page, `${locale}/game-opened`);
    // Closed, the dialog takes its toast with it: nothing over home, nothing in the next dialog.
    await page.keyboard.press('Escape');
    await dialogsClosed(page);
    await expect(page.locator('[role="status"][aria-live="polite"] > div')).toHaveCount(0);
    await page.getByRole('button', { name: t('home.widgets.deposit'), exact: true }).click();
    const deposit = page.getByRole('dialog');
    await expect(deposit.getByRole('status').first()).toBeEmpty();

    // The deposit dialog keeps one height across its tabs (issue 31).
    const heights: number[] = [];
    await expect(deposit.getByRole('tab').first()).toBeVisible();
    const tabs = await deposit.getByRole('tab').all();
    expect(tabs.length).toBeGreaterThan(1);
    for (const tab of tabs) {
      await tab.click();
      await page.waitForTimeout(300);
      heights.push(Math.round((await deposit.boundingBox())!.height));
    }
    expect(new Set(heights).size, `heights ${heights.join(', ')}`).toBe(1);
    await both(page, `${locale}/deposit`);
    await page.keyboard.press('Escape');
    await dialogsClosed(page);

    // Nothing held: WELCOME100 (a deposit of ฿100 first) cannot be received; Receive says why.
    await page.goto('/user/bonus');
    await page.locator('[data-offer="WELCOME100"]').click();
    const offer = page.getByRole('dialog');
    const receive = offer.getByRole('button', { name: b('bonus.receive') });
    await expect(receive).toBeDisabled();
    await expect(offer.locator('[data-reason="receive"]')).toHaveText(
      b('bonus.why.depositFirst').replace('{{amount}}', '฿100.00'),
    );
    await both(page, `${locale}/bonus-blocked`);
    await page.keyboard.press('Escape');
    await dialogsClosed(page);
  });

  test(`${locale}: a bad invite link's code is dropped with a note, and can be typed again`, async ({
    page,
    request,
  }) => {
    const submit = () => page.locator('form button[type="submit"]').click();
    await open(page, '/register?code=PRBAD99', { locale });
    const phone = `08${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    await page.locator('input[name="phone"]').fill(phone);
    await submit();
    await expect(page.locator('input[name="otpCode"]')).toBeVisible();
    await page.locator('input[name="otpCode"]').fill(await smsCode(request, phone));
    await submit();
    const invite = page.locator('input[name="inviteCode"]');
    await expect(invite).toBeVisible();
    const note = page.getByText(
      text(locale, 'register.inviteCodeDropped', 'register').replace('{{code}}', 'PRBAD99'),
    );
    await expect(note).toBeVisible();
    await expect(invite).toHaveValue('');
    await expect(invite).toBeEditable();
    expect(await page.evaluate(() => localStorage.getItem('inviterCode'))).toBeNull();
    await both(page, `${locale}/register-dropped`, note);
  });
}
