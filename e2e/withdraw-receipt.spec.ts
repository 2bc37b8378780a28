import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES, type Locale } from '@wallet/contract/constants';
import {
  creditWallet,
  dialogsClosed,
  expect,
  expectAccessible,
  open,
  registerMember,
  screenshot,
  SCREENSHOTS,
  test,
} from './fixtures';
import { text } from './texts';

/** A holder's name long enough to have been cut to "SOMC…" at 320 px (issue 31 item 5). */
const HOLDER = 'SOMCHAI PRASERTWONGSAKUL';

const filled = (template: string, amount: string) => template.replace('{{amount}}', amount);

/** Both widths, the narrow one last: each picture of the step at 390 and at 320. */
async function atBothWidths(page: Page, name: string, show?: Locator) {
  for (const [width, height] of [
    [390, 844],
    [320, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The rows in view, not the filters above them.
    if (show) await show.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `${name}-${width}`, { fullPage: false });
  }
}

/** The PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

for (const locale of LOCALES as readonly Locale[]) {
  test(`withdraw: a review, then a receipt saved as a PNG and found again on the statement with the balance after each row (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (key: string) => text(locale, key);
    const r = (key: string) => text(locale, key, 'receipt');
    const member = await registerMember(request, { bankAccountName: HOLDER });
    await creditWallet(request, member.token, 100_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await open(page, '/user/home', { locale, token: member.token, agreementSeen: true });

    await page.getByRole('button', { name: t('home.widgets.withdraw'), exact: true }).click();
    const withdraw = page.getByRole('dialog', { name: t('withdraw.title') });
    await withdraw.locator('input[name="amount"]').fill('250');
    await withdraw.getByRole('button', { name: r('review.next') }).click();

    // The review: amount, bank, the holder's name whole (not cut at 320 px), the number; nothing sent.
    const review = withdraw.getByRole('region', { name: r('review.title') });
    await expect(review).toContainText('฿250.00');
    const holder = review.locator('[data-field="holder"]');
    await expect(holder).toHaveText(HOLDER);
    expect(await holder.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await expect(review).toContainText(
      `${member.bankAccountNo.slice(0, 3)}-${member.bankAccountNo.slice(3, 6)}-${member.bankAccountNo.slice(6)}`,
    );
    if (locale === 'en') await expectAccessible(page);
    await atBothWidths(page, `${locale}/withdraw-review`);
    await review.getByRole('button', { name: t('withdraw.submit') }).click();

    // The receipt: reference, time, status; saved as a PNG.
    const receipt = withdraw.getByRole('region', { name: r('receipt.title') });
    await expect(receipt).toBeVisible();
    const reference = (await receipt.getAttribute('data-receipt'))!;
    expect(reference).toMatch(/^\d{8}$/);
    await expect(receipt).toContainText(reference);
    await expect(receipt).toContainText(HOLDER);
    await expect(receipt).toContainText(
      new RegExp(`${t('statement.status.PENDING')}|${t('statement.status.SUCCESS')}`),
    );
    const saved = page.waitForEvent('download');
    await withdraw.getByRole('button', { name: r('receipt.save') }).click();
    const download = await saved;
    if (process.env.E2E_SCREENSHOTS)
      await download.saveAs(path.join(SCREENSHOTS, locale, 'withdraw-receipt-image.png'));
    expect(download.suggestedFilename()).toBe(`withdrawal-${reference}.png`);
    const size = pngSize(readFileSync(await download.path()));
    expect(size.width).toBe(720);
    expect(size.height).toBeGreaterThan(500);
    await atBothWidths(page, `${locale}/withdraw-receipt`);
    await withdraw.getByRole('button', { name: t('action.done') }).click();
    await dialogsClosed(page);

    // The statement: the wallet's balance after each row, and the receipt again from the row.
    await page.goto('/user/statement');
    const rows = page.locator('li[data-status]');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator('[data-balance-after]')).toHaveText(
      filled(r('balance.after'), '฿750.00'),
    );
    await expect(rows.nth(1).locator('[data-balance-after]')).toHaveText(
      filled(r('balance.after'), '฿1,000.00'),
    );
    await atBothWidths(page, `${locale}/statement-balance`, rows.nth(1));
    await rows.nth(0).getByRole('button').click();
    const sheet = page.getByRole('dialog', { name: t('statement.type.withdraw') });
    await sheet.getByRole('button', { name: r('receipt.open') }).click();
    const again = sheet.getByRole('region', { name: r('receipt.title') });
    await expect(again).toHaveAttribute('data-receipt', reference);
    await expect(again).toContainText(HOLDER);
    await atBothWidths(page, `${locale}/statement-receipt`);
  });
}

/** A signed-in member's PUT, as the app sends it. */
async function putAsMember(request: APIRequestContext, token: string, url: string, data: unknown) {
  const response = await request.put(url, {
    data,
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
}

test('the gift-link tab says as it opens that the deposit limit leaves too little for any link (th, lo, en)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A day's deposit limit of 1,000.00, all of it deposited.
  const member = await registerMember(request);
  const none = { day: null, week: null, month: null };
  await putAsMember(request, member.token, '/api/account/limits', {
    deposit: { ...none, day: 100_000 },
    loss: none,
    realityCheckMinutes: null,
  });
  await creditWallet(request, member.token, 100_000);
  for (const locale of LOCALES as readonly Locale[]) {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/user/home', { locale, token: member.token, agreementSeen: true });
    await page.getByRole('button', { name: text(locale, 'home.widgets.deposit'), exact: true }).click();
    const deposit = page.getByRole('dialog', { name: text(locale, 'deposit.title') });
    await deposit.getByRole('tab', { name: text(locale, 'deposit.tabs.gift') }).click();
    const reason = deposit.locator('[data-reason="gift"]');
    await expect(reason).toHaveText(
      text(locale, 'deposit.giftLimit', 'reasons').replace('{{room}}', '฿0.00').replace('{{min}}', '฿2.00'),
    );
    await expect(deposit.getByRole('textbox', { name: text(locale, 'deposit.gift.link') })).toHaveCount(0);
    await atBothWidths(page, `${locale}/gift-link-refused`);
  }
});
