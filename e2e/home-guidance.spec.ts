import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import { dialogsClosed, expect, expectAccessible, memberOn, screenshot, test } from './fixtures';
import { text } from './texts';

/**
 * Issue 16, Home: a withdrawal on its way shows what it waits for; the coin count explains
 * itself (and Back closes it); the how-to videos open inside the member area, which stays signed in.
 */

const SHOTS = 'home-howto';

/** A text of Home's own namespace (locales/<lang>/home.json), by its key path. */
function homeText(locale: Locale, key: string): string {
  const file = new URL(`../apps/web/src/locales/${locale}/home.json`, import.meta.url);
  const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
  if (typeof value !== 'string') throw new Error(`no text ${locale}:home:${key}`);
  return value;
}

/** A text with its {{placeholders}} filled. */
const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const narrow = async (page: Page) => {
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
};
const wide = (page: Page) => page.setViewportSize({ width: 390, height: 844 });

for (const locale of LOCALES) {
  test(`${locale}: a pending withdrawal on Home, the coins explained, how-to from the member area`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (key: string) => text(locale, key);
    const h = (key: string) => homeText(locale, key);
    const member = await memberOn(page, request, { locale, credit: 100_000 });

    // A withdrawal of 200: the sandbox pays it after 20 s, so it is on its way meanwhile.
    await page.getByRole('button', { name: t('home.widgets.withdraw'), exact: true }).click();
    const withdraw = page.getByRole('dialog', { name: t('withdraw.title') });
    await withdraw.locator('input[name="amount"]').fill('200');
    await withdraw.getByRole('button', { name: text(locale, 'review.next', 'receipt') }).click();
    await withdraw.getByRole('button', { name: t('withdraw.submit') }).click();
    await expect(withdraw.getByText(t('withdraw.pendingTitle'))).toBeVisible();
    await withdraw.getByRole('button', { name: t('action.done') }).click();
    await dialogsClosed(page);

    const pending = page.getByRole('region', { name: h('pending.label') });
    await expect(pending).toBeVisible();
    await expect(pending).toContainText(filled(h('pending.title'), { amount: '฿200.00' }));
    await expect(pending).toContainText(
      filled(h('pending.waitingFor.payout'), { ending: member.bankAccountNo.slice(-4) }),
    );
    await expect(pending).toContainText(h('pending.status'));
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/${locale}/home-pending-390`, { fullPage: false });
    await narrow(page);
    await pending.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, `${SHOTS}/${locale}/home-pending-320`, { fullPage: false });
    await page.evaluate(() => window.scrollTo(0, 0));
    await wide(page);

    // The coin count on the wheel's tile says what coins are; Back closes it and Home stays.
    const coins = page.locator('[data-spin-coins]');
    await expect(coins).toHaveAccessibleName(
      new RegExp(escaped(h('coinInfo.open')).replace(escaped('{{coins}}'), '.+')),
    );
    await coins.click();
    const coinInfo = page.getByRole('dialog', { name: h('coinInfo.title') });
    await expect(coinInfo).toBeVisible();
    await expect(coinInfo).toContainText(h('coinInfo.what'));
    await expect(coinInfo).toContainText(h('coinInfo.deposit'));
    await expect(coinInfo).toContainText(h('coinInfo.daily'));
    await expect(coinInfo.getByRole('button', { name: h('coinInfo.toWheel') })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/${locale}/coin-info-390`, { fullPage: false });
    await narrow(page);
    await screenshot(page, `${SHOTS}/${locale}/coin-info-320`, { fullPage: false });
    await wide(page);
    await page.goBack();
    await expect(coinInfo).toBeHidden();
    await expect(page).toHaveURL(/\/user\/home$/);
    await dialogsClosed(page);

    // How-to from the profile: inside the member shell, and still signed in back on Home.
    await page.getByRole('link', { name: t('nav.profile'), exact: true }).click();
    await page.getByRole('link', { name: new RegExp(escaped(t('howto.title'))) }).click();
    await expect(page).toHaveURL(/\/user\/howto$/);
    await expect(page.getByRole('heading', { name: t('howto.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('nav.logout') })).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(escaped(t('howto.topic.wallet.title'))) }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/${locale}/howto-member-390`);
    await narrow(page);
    await screenshot(page, `${SHOTS}/${locale}/howto-member-320`);
    await wide(page);
    await page.getByRole('link', { name: t('nav.profile'), exact: true }).click();
    await screenshot(page, `${SHOTS}/${locale}/profile-howto-link-390`);

    await page.getByRole('link', { name: t('nav.home'), exact: true }).click();
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(page.locator('[data-balance="total"]')).toContainText('฿');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(member.token);
  });
}
