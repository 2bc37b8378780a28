import type { Locale } from '@wallet/contract/constants';
import { creditWallet, expect, expectAccessible, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';
import { openConsole, staffToken } from './console';

/**
 * Issue 28's dashboard in a real browser, at 1280 and 390 wide: an owner signs in to the console's
 * home and reads today against yesterday, the money desk's queues and the 30 days' charts.
 */

const r = (locale: Locale, key: string) => text(locale, `reports.${key}`, 'console-reports');

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
  ['lo', 390],
] as const) {
  test(`an owner reads the dashboard (${locale}, ${width} wide)`, async ({ page, request }) => {
    const member = await registerMember(request);
    await creditWallet(request, member.token, 1_234_500);
    // The console's home for an owner is the dashboard.
    await openConsole(page, '/console', await staffToken(page.request, 'owner'), locale, width);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await expect(page.getByRole('heading', { name: r(locale, 'title') })).toBeVisible();
    // Today's deposits include this member's 12,345.00.
    const deposits = page.getByRole('group', { name: r(locale, 'figures.deposits'), exact: true });
    await expect(deposits).toBeVisible();
    const shown = Number((await deposits.locator('p').nth(1).innerText()).replaceAll(',', ''));
    expect(shown).toBeGreaterThanOrEqual(12_345);
    await expect(page.getByRole('link', { name: new RegExp(r(locale, 'queues.withdrawals')) })).toBeVisible();
    await expect(page.getByRole('img', { name: r(locale, 'charts.cash') })).toBeVisible();
    await expect(page.getByRole('img', { name: r(locale, 'charts.earnings') })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `console/dashboard-${locale}-${width}`);
    // The charts, scrolled to (the console scrolls inside its main pane).
    await page.getByRole('img', { name: r(locale, 'charts.earnings') }).scrollIntoViewIfNeeded();
    await screenshot(page, `console/dashboard-charts-${locale}-${width}`, { fullPage: false });
  });
}

test('a support staff member is not shown the dashboard', async ({ page }) => {
  await openConsole(page, '/console/dashboard', await staffToken(page.request, 'support'), 'en', 1280);
  await expect(page.getByRole('link', { name: r('en', 'nav') })).toHaveCount(0);
  await openConsole(page, '/console', await staffToken(page.request, 'support'), 'en', 1280);
  await expect(page).toHaveURL(/\/console\/chat/);
});
