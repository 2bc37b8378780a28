import type { Page } from '@playwright/test';
import { LOCALES } from '@wallet/contract/constants';
import { dialogsClosed, expect, expectAccessible, memberOn, screenshot, test } from './fixtures';
import { text } from './texts';

/**
 * Issue 31, items 1 and 6: the withdraw dialog shows a running bonus's lock as it opens; the
 * transfer dialog opens from the account that holds the money and says nothing before the
 * member acts, unless every account is empty.
 */

const SHOTS = 'money-second-walk';
const dialog = (page: Page) => page.getByRole('dialog');

/** Earlier toasts (bonus received, account opened) gone, so the picture shows the dialog. */
const toastsGone = (page: Page) =>
  expect(page.locator('[role="status"][aria-live="polite"] > div')).toHaveCount(0, { timeout: 15_000 });

async function both(page: Page, name: string) {
  await toastsGone(page);
  await screenshot(page, `${name}-390`, { fullPage: false });
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await screenshot(page, `${name}-320`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const locale of LOCALES) {
  test(`${locale}: the bonus lock on opening withdraw; transfer from where the money is`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (key: string) => text(locale, key);
    const b = (key: string) => text(locale, key, 'bonus');

    // Nothing anywhere: the transfer dialog says so at once.
    await memberOn(page, request, { locale });
    await page.getByRole('button', { name: t('home.transfer'), exact: true }).click();
    await expect(dialog(page).locator('[data-reason="transfer"]')).toHaveText(
      text(locale, 'transfer.nothingAnywhere', 'reasons'),
    );
    await both(page, `${SHOTS}/${locale}/transfer-all-empty`);
    await page.keyboard.press('Escape');
    await dialogsClosed(page);

    // A member with WELCOME100 running: the withdraw dialog opens on the lock.
    await memberOn(page, request, { locale, credit: 20_000, url: '/user/bonus' });
    await page.locator('[data-offer="WELCOME100"]').click();
    await dialog(page)
      .getByRole('button', { name: b('bonus.receive') })
      .click();
    await expect(dialog(page)).toBeHidden();
    await page.getByRole('link', { name: t('nav.home') }).click();
    await page.getByRole('button', { name: t('home.widgets.withdraw'), exact: true }).click();
    const held = dialog(page);
    await expect(held.getByRole('alert')).toContainText(text(locale, 'BONUS_CONDITION', 'errors'));
    await expect(held.getByRole('progressbar')).toBeVisible();
    await expect(held.locator('input[name="amount"]')).toHaveCount(0);
    await expect(held.getByRole('button', { name: b('withdraw.seeBonus') })).toBeVisible();
    await expectAccessible(page);
    await both(page, `${SHOTS}/${locale}/withdraw-locked`);
    await page.keyboard.press('Escape');
    await dialogsClosed(page);

    // All the money into JOKER; the transfer dialog then opens from JOKER, with nothing to correct.
    await page.locator('[data-game="JOKER"]').click();
    await dialog(page)
      .getByRole('button', { name: t('game.openAccount') })
      .click();
    await dialog(page)
      .getByRole('button', { name: t('game.fund') })
      .click();
    await dialog(page)
      .getByRole('button', { name: t('transfer.useAll') })
      .click();
    await dialog(page)
      .getByRole('button', { name: t('transfer.submit') })
      .click();
    await dialog(page)
      .getByRole('button', { name: t('action.done') })
      .click();
    await dialogsClosed(page);
    await page.getByRole('button', { name: t('home.transfer'), exact: true }).click();
    const transfer = dialog(page);
    await expect(transfer.locator('select[name="from"]')).toHaveValue('JOKER');
    await expect(transfer.locator('select[name="to"]')).toHaveValue('wallet');
    await expect(transfer.locator('[data-reason]')).toHaveCount(0);
    await expectAccessible(page);
    await both(page, `${SHOTS}/${locale}/transfer-from-game`);
  });
}
