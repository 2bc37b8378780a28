import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES } from '@wallet/contract/constants';
import { creditWallet, expect, expectAccessible, open, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';

/** A call of the member app, signed in, with an Idempotency-Key of its own. */
async function asMember(request: APIRequestContext, token: string, url: string, data?: unknown) {
  const headers = {
    [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
    authorization: `Bearer ${token}`,
    'idempotency-key': randomUUID(),
  };
  const response =
    data === undefined ? await request.get(url, { headers }) : await request.post(url, { data, headers });
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
}

test('the statement filters by type and opens a row in a sheet, in Thai, Lao and English, 390 and 320 wide', async ({
  page,
  request,
}) => {
  // A deposit, then 300.00 to Joker and 120.00 back.
  const { token } = await registerMember(request);
  await creditWallet(request, token, 100_000);
  await asMember(request, token, '/api/wallet/activate/JOKER');
  await asMember(request, token, '/api/wallet/transfer', { from: 'wallet', to: 'JOKER', amount: 30_000 });
  await asMember(request, token, '/api/wallet/transfer', { from: 'JOKER', to: 'wallet', amount: 12_000 });

  for (const locale of LOCALES) {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/user/statement', { locale, token, agreementSeen: true });
    const rows = page.locator('li[data-status]');
    await expect(rows).toHaveCount(3);
    // Games by the names Home shows, money with its sign.
    await expect(rows.first()).toContainText('Joker → ');
    await expect(rows.nth(2)).toContainText('+฿1,000.00');
    await screenshot(page, `${locale}/statement-list`, { fullPage: false });

    await rows.nth(1).getByRole('button').click();
    const sheet = page.getByRole('dialog', { name: text(locale, 'statement.type.transfer') });
    await expect(sheet.getByText('฿300.00', { exact: true })).toBeVisible();
    if (locale === 'en') await expectAccessible(page);
    await screenshot(page, `${locale}/statement-detail`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    await page.setViewportSize({ width: 320, height: 640 });
    const filter = page.getByRole('group', { name: text(locale, 'statement.filter.label') });
    const transfers = filter.getByRole('button', {
      name: text(locale, 'statement.type.transfer'),
      exact: true,
    });
    await transfers.click();
    await expect(transfers).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(2);
    // The chips' colours fade over 150 ms: the picture shows where they end.
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, `${locale}/statement-list-320`, { fullPage: false });
    await rows.first().getByRole('button').click();
    await expect(sheet.getByText('฿120.00', { exact: true })).toBeVisible();
    await screenshot(page, `${locale}/statement-detail-320`, { fullPage: false });
  }
});
