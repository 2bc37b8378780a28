import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES, type Locale } from '@wallet/contract/constants';
import { STAFF_CSRF_HEADER } from '@wallet/contract/http/console';
import { creditWallet, expect, expectAccessible, open, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';
import { openConsole, staffToken } from './console';

/**
 * The games of the site (issue 28 section 2, decision 064) in a real browser: an owner reads the
 * Games tab at 1280 and 390 wide in Thai and English, then switches a game off that a member holds
 * money in; the member sees it closed and moves the money back. It changes what every member
 * shares, so it runs among the shared-settings specs, one at a time, and switches the game on again.
 */
const s = (locale: Locale, key: string) => text(locale, `settings.${key}`, 'console-settings');
const GAME = 'HUAYHD';
const NAME = 'Huay HD';
const member = (token: string) => ({
  [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
  authorization: `Bearer ${token}`,
  'idempotency-key': randomUUID(),
});

async function openGamesTab(page: Page, locale: Locale, width: number, token: string) {
  await openConsole(page, '/console/settings', token, locale, width);
  await page.getByRole('tab', { name: s(locale, 'tabs.games') }).click();
  await expect(page.getByRole('region', { name: s(locale, 'games.carousels.slot') })).toBeVisible();
}

/** Switches GAME on again through the console's API (whatever a failed test left). */
async function switchOn(request: APIRequestContext, token: string) {
  const response = await request.put(`/api/console/settings/games/${GAME}`, {
    data: { enabled: true, walletFactor: null, launch: { web: true, android: true, ios: true } },
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, [STAFF_CSRF_HEADER]: token },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
  ['th', 390],
  ['en', 1280],
] as const) {
  test(`an owner reads the games (${locale}, ${width} wide)`, async ({ page }) => {
    await openGamesTab(page, locale, width, await staffToken(page.request, 'owner'));
    await expect(page.getByRole('region', { name: s(locale, 'games.carousels.lotto') })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `console/settings-games-${locale}-${width}`);

    const slotxo = page.getByRole('listitem').filter({ hasText: 'SLOTXO' });
    await slotxo.getByRole('button', { name: s(locale, 'games.edit') }).click();
    await expect(slotxo.getByRole('textbox', { name: s(locale, 'games.factor') })).toBeVisible();
    await slotxo.getByRole('textbox', { name: s(locale, 'games.factor') }).fill('0.00001');
    await expect(slotxo.getByText(text(locale, 'WALLET_FACTOR_INVALID', 'console-errors'))).toBeVisible();
    await slotxo.scrollIntoViewIfNeeded();
    await screenshot(page, `console/settings-games-edit-${locale}-${width}`, { fullPage: false });
    await slotxo.getByRole('button', { name: s(locale, 'games.cancel') }).click();
  });
}

test('an owner switches a game off; its member sees it closed and moves the money back', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await staffToken(page.request, 'owner');
  const holder = await registerMember(page.request);
  await creditWallet(page.request, holder.token, 50_000);
  const activated = await page.request.get(`/api/wallet/activate/${GAME}`, { headers: member(holder.token) });
  expect(activated.ok()).toBe(true);
  const moved = await page.request.post('/api/wallet/transfer', {
    data: { from: 'wallet', to: GAME, amount: 20_000 },
    headers: member(holder.token),
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  try {
    await openGamesTab(page, 'en', 390, owner);
    const row = page.getByRole('listitem').filter({ hasText: GAME });
    await expect(row.getByText(/1 member holds money here/)).toBeVisible();
    await row.getByRole('switch', { name: `${NAME} for members` }).click();
    const confirm = page.getByRole('dialog', { name: `Switch ${NAME} off?` });
    await expect(confirm.getByText(/1 member holds money in it/)).toBeVisible();
    await screenshot(page, 'console/settings-games-off-en-390', { fullPage: false });
    await confirm.getByRole('button', { name: s('en', 'games.offConfirm') }).click();
    await expect(row.getByRole('switch', { name: `${NAME} for members` })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    // The member, in every language, at 390 and 320 wide: the card says closed, the dialog offers
    // only the way back to the wallet.
    for (const locale of LOCALES) {
      for (const width of [390, 320]) {
        const context = await browser.newContext({
          viewport: { width, height: 844 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
        });
        const view = await context.newPage();
        await open(view, '/user/home', { locale, token: holder.token, agreementSeen: true });
        const card = view.locator(`[data-game="${GAME}"]`);
        await expect(card).toContainText(text(locale, 'game.closed'));
        await card.scrollIntoViewIfNeeded();
        await screenshot(view, `${locale}/game-closed-card-${width}`, { fullPage: false });
        await card.click();
        const dialog = view.getByRole('dialog');
        await expect(dialog.locator('[data-reason="closed"]')).toBeVisible();
        await expectAccessible(view);
        await screenshot(view, `${locale}/game-closed-dialog-${width}`, { fullPage: false });
        await context.close();
      }
    }

    // A stranger no longer sees the game at all.
    const stranger = await registerMember(page.request);
    await open(page, '/user/home', { locale: 'en', token: stranger.token, agreementSeen: true });
    await expect(page.locator('[data-game="JOKER"]')).toBeVisible();
    await expect(page.locator(`[data-game="${GAME}"]`)).toHaveCount(0);

    // The holder moves the money back.
    await open(page, '/user/home', { locale: 'en', token: holder.token, agreementSeen: true });
    await page.locator(`[data-game="${GAME}"]`).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('en', 'game.moveToWallet') })
      .click();
    const form = page.getByRole('dialog');
    await expect(form.locator('select[name="from"]')).toHaveValue(GAME);
    await expect(form.locator('select[name="to"]')).toHaveValue('wallet');
    await form.locator('input[name="amount"]').fill('200');
    await form.getByRole('button', { name: text('en', 'transfer.submit') }).click();
    await expect(form.getByText(text('en', 'transfer.done'))).toBeVisible();
    await screenshot(page, 'en/game-closed-moved-back', { fullPage: false });
  } finally {
    await switchOn(page.request, owner);
  }
});
