import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES } from '@wallet/contract/constants';
import { expect, expectAccessible, open, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';

/** One of the operator's receiving accounts in the demo reference data. */
const OPERATOR_ACCOUNT = '4078823156';

/** A real slip of a transfer the sandbox bank made, as a PNG. */
async function slipOf(request: APIRequestContext, fromBankCode: string, fromAccountNo: string) {
  const response = await request.post('/api/sandbox/bank/transfer', {
    data: { fromBankCode, fromAccountNo, toAccountNo: OPERATOR_ACCOUNT, toBankCode: 'SCB', amount: 30_000 },
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  });
  expect(response.ok()).toBe(true);
  return response.body();
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * What a new member meets in the deposit dialog, in each language, at 390 x 844 and 320 wide: QR
 * channels by name with their minimums, an amount refused at the field, the QR with its save
 * button, and the slip verdicts that say what to do (an unreadable slip, a slip from another
 * account), each in view without scrolling.
 */
test('the deposit dialog guides a new member: QR channels, amounts, saving the QR, slip verdicts', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  for (const locale of LOCALES) {
    const t = (key: string) => text(locale, key);
    const member = await registerMember(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/user/home', { locale, token: member.token, agreementSeen: true });
    await page.getByRole('button', { name: t('home.widgets.deposit') }).click();
    const deposit = page.getByRole('dialog');
    const upload = deposit.getByRole('button', { name: t('deposit.slip.upload') });
    await expect(deposit.getByText('407-882-3156')).toBeVisible();
    // The upload is in view as the dialog opens, below the accounts and the rules.
    await expect(upload).toBeInViewport({ ratio: 0.98 });
    await screenshot(page, `${locale}/deposit-bank-open`, { fullPage: false });
    // Not a slip at all: a picture of the screen.
    const notASlip = await page.screenshot({ clip: { x: 0, y: 0, width: 200, height: 200 } });

    async function uploadSlip(buffer: Buffer) {
      await deposit
        .locator('input[type="file"]')
        .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer });
      await upload.click();
    }
    const verdict = deposit.getByRole('alert');

    await uploadSlip(notASlip);
    await expect(verdict).toContainText(t('deposit.slip.advice.unreadable'));
    await expect(verdict).toBeInViewport({ ratio: 0.98 });
    await expect(upload).toBeInViewport({ ratio: 0.98 });
    await screenshot(page, `${locale}/deposit-slip-unreadable`, { fullPage: false });

    // Sent from another bank than the member's: certainly not their account.
    const notMatching = await slipOf(request, 'KBANK', member.bankAccountNo);
    await uploadSlip(notMatching);
    await expect(verdict).toContainText(t('deposit.slip.advice.notMatch'));
    await expect(verdict.getByRole('link', { name: t('deposit.slip.contactSupport') })).toBeInViewport({
      ratio: 0.98,
    });
    await expect(upload).toBeInViewport({ ratio: 0.98 });
    await screenshot(page, `${locale}/deposit-slip-not-match`, { fullPage: false });
    await expectAccessible(page);

    await page.setViewportSize({ width: 320, height: 640 });
    await verdict.scrollIntoViewIfNeeded();
    await screenshot(page, `${locale}/deposit-slip-not-match-320`, { fullPage: false });
    await uploadSlip(notASlip);
    await expect(verdict).toContainText(t('deposit.slip.advice.unreadable'));
    await expect(verdict).toBeInViewport({ ratio: 0.98 });
    await screenshot(page, `${locale}/deposit-slip-unreadable-320`, { fullPage: false });

    // QR channels by name and minimum; an amount below the minimum is refused at the field.
    await page.setViewportSize({ width: 390, height: 844 });
    await deposit.getByRole('tab', { name: t('deposit.tabs.qr') }).click();
    const channels = deposit.getByRole('group', { name: t('deposit.qr.provider') });
    await expect(channels.getByRole('radio')).toHaveCount(5);
    await expect(channels).not.toContainText('PAYONEX');
    const ww = fill(t('deposit.qr.channelMinimum'), { amount: '฿100.00' });
    await channels.locator('label', { hasText: ww }).first().click();
    const amount = deposit.getByRole('textbox', { name: t('deposit.qr.amount') });
    await amount.fill('50');
    const create = deposit.getByRole('button', { name: t('deposit.qr.create') });
    await expect(create).toBeDisabled();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(create).toBeInViewport({ ratio: 0.98 });
    await screenshot(page, `${locale}/deposit-qr-amount-below`, { fullPage: false });
    await amount.fill('100000.01');
    await expect(create).toHaveAccessibleDescription(
      fill(t('deposit.qr.aboveMaximum'), { amount: '฿100,000.00' }),
    );
    await screenshot(page, `${locale}/deposit-qr-amount-above`, { fullPage: false });

    // The QR with its save button: a PNG file.
    await amount.fill('200');
    await create.click();
    const save = deposit.getByRole('link', { name: t('deposit.qr.save') });
    await expect(save).toBeVisible();
    await screenshot(page, `${locale}/deposit-qr-save`, { fullPage: false });
    await expectAccessible(page);
    if (locale === 'en') {
      const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
      expect(download.suggestedFilename()).toBe('qr-200.png');
      const file = test.info().outputPath('qr-200.png');
      await download.saveAs(file);
      // A PNG picture of 720 x 720 (its header's width and height).
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([720, 720]);
    }

    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await save.scrollIntoViewIfNeeded();
    await screenshot(page, `${locale}/deposit-qr-save-320`, { fullPage: false });
    // Another channel: the list, and an amount below its minimum, at 320 wide.
    await channels.locator('label').first().click();
    await amount.fill('0.50');
    await expect(create).toBeDisabled();
    await deposit.getByRole('tab', { name: t('deposit.tabs.qr') }).scrollIntoViewIfNeeded();
    await screenshot(page, `${locale}/deposit-qr-channels-320`, { fullPage: false });

    if (locale === 'en') {
      // Contact support, under a slip from another account, leads to the Contact page.
      await deposit.getByRole('tab', { name: t('deposit.tabs.bank') }).click();
      await uploadSlip(notMatching);
      await verdict.getByRole('link', { name: t('deposit.slip.contactSupport') }).click();
      await expect(page).toHaveURL(/\/user\/contact$/);
      await expect(page.getByRole('heading', { name: t('contact.title') })).toBeVisible();
      await expect(deposit).toBeHidden();
    }
  }
});
