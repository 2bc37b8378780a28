import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type Locale } from '@wallet/contract/constants';
import { STAFF_CSRF_HEADER } from '@wallet/contract/http/console';
import { creditWallet, expect, expectAccessible, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';
import { openConsole, staffToken } from './console';

/**
 * Issue 28's dashboard in a real browser, at 1280 and 390 wide: an owner signs in to the console's
 * home and reads today against yesterday, the money desk's queues and the 30 days' charts.
 */

const r = (locale: Locale, key: string) => text(locale, `reports.${key}`, 'console-reports');
const p = (locale: Locale, key: string) => text(locale, `reportPages.${key}`, 'console-report-pages');

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

/**
 * An offer made through the console's API and claimed by a member on a deposit of ฿1,000, so the
 * offers' report has a row of this test's own.
 */
async function claimedOffer(page: Page, csrf: string, request: Parameters<typeof registerMember>[0]) {
  const code = `REP${randomBytes(3).toString('hex').toUpperCase()}`;
  const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, [STAFF_CSRF_HEADER]: csrf };
  const created = await page.request.post('/api/console/offers', {
    headers,
    data: {
      code,
      type: 'limit',
      maxReceived: 1,
      bonusPercent: 10,
      maxBonus: { BAHT: 50_000, LAK: 30_000_000 },
      turnoverMultiple: 1,
      percentFail: 100,
      active: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const member = await registerMember(request);
  await creditWallet(request, member.token, 100_000);
  const claimed = await request.get(`/api/bonus/activate/${code}`, {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${member.token}` },
  });
  expect(claimed.ok(), await claimed.text()).toBe(true);
  return code;
}

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
  ['th', 390],
  ['en', 1280],
] as const) {
  test(`an owner opens each report (${locale}, ${width} wide)`, async ({ page, request }) => {
    const token = await staffToken(page.request, 'owner');
    const code = await claimedOffer(page, token, request);
    await openConsole(page, '/console/dashboard', token, locale, width);
    await page.getByRole('link', { name: p(locale, 'nav') }).click();
    await expect(page).toHaveURL(/\/console\/reports$/);
    await expect(page.getByRole('heading', { name: p(locale, 'title') })).toBeVisible();
    const reports = page.getByRole('navigation', { name: p(locale, 'title') });

    // The daily profit and loss: today's row (so far) counts this test's deposit of ฿1,000.
    const daily = page.getByRole('region', { name: p(locale, 'daily.caption') });
    await expect(daily).toBeVisible();
    const today = daily.getByRole('rowheader', { name: new RegExp(p(locale, 'todaySoFar')) });
    await expect(today).toBeVisible();
    const deposits = await today.locator('xpath=..').locator('td').first().innerText();
    expect(Number(deposits.replaceAll(',', ''))).toBeGreaterThanOrEqual(1_000);
    await expect(page.getByRole('button', { name: p(locale, 'csv') })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `console/reports-daily-${locale}-${width}`);
    // The totals under the days (the console scrolls inside its pane).
    await daily.getByRole('rowheader', { name: p(locale, 'total') }).scrollIntoViewIfNeeded();
    await screenshot(page, `console/reports-daily-totals-${locale}-${width}`, { fullPage: false });
    // The CSV of the range downloads as a file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: p(locale, 'csv') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^daily-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

    // Per offer: this test's offer, one claim of ฿100.
    await reports.getByRole('link', { name: p(locale, 'tabs.offers') }).click();
    const offers = page.getByRole('region', { name: p(locale, 'offers.caption') });
    const row = offers.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
    await expect(row.locator('td').first()).toHaveText('1');
    await expect(row.locator('td').nth(1)).toHaveText('100.00');
    await expectAccessible(page);
    await screenshot(page, `console/reports-offers-${locale}-${width}`);

    // Per game and invite: a table or the words for none, never a blank.
    for (const kind of ['games', 'invite'] as const) {
      await reports.getByRole('link', { name: p(locale, `tabs.${kind}`) }).click();
      await expect(reports.getByRole('link', { name: p(locale, `tabs.${kind}`) })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(
        page
          .getByRole('region', { name: p(locale, `${kind}.caption`) })
          .or(page.getByText(p(locale, `${kind}.empty`))),
      ).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, `console/reports-${kind}-${locale}-${width}`);
    }
  });
}
