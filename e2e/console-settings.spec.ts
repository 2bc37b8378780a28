import type { Locale } from '@wallet/contract/constants';
import { expect, expectAccessible, screenshot, test } from './fixtures';
import { text } from './texts';
import { openConsole, staffToken } from './console';

/**
 * The site settings screen (issue 28 section 2, decision 059) in a real browser, at 1280 and 390
 * wide, in Thai and English. It changes nothing members share (other tests run beside it): it
 * reads both tabs, and the close-the-site dialog is opened and left without typing its word.
 */
const s = (locale: Locale, key: string) => text(locale, `settings.${key}`, 'console-settings');

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
  ['th', 390],
  ['en', 1280],
] as const) {
  test(`an owner reads the site settings (${locale}, ${width} wide)`, async ({ page }) => {
    await openConsole(page, '/console/settings', await staffToken(page.request, 'owner'), locale, width);
    await expect(page.getByRole('heading', { name: s(locale, 'title') })).toBeVisible();
    await expect(page.getByRole('region', { name: s(locale, 'withdraw.title') })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `console/settings-rules-${locale}-${width}`);

    await page.getByRole('button', { name: s(locale, 'service.switchOff') }).click();
    const dialog = page.getByRole('dialog', { name: s(locale, 'service.confirmTitle') });
    await expect(dialog.getByLabel(s(locale, 'service.typeWord').replace('{{word}}', 'CLOSE'))).toBeVisible();
    await screenshot(page, `console/settings-close-${locale}-${width}`, { fullPage: false });
    await dialog.getByRole('button', { name: s(locale, 'service.keep') }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: s(locale, 'tabs.accounts') }).click();
    await expect(page.getByRole('region', { name: s(locale, 'qr.title') })).toBeVisible();
    await expect(page.getByRole('region', { name: s(locale, 'accounts.add') })).toBeVisible();
    await screenshot(page, `console/settings-accounts-${locale}-${width}`);

    await page.getByRole('tab', { name: s(locale, 'tabs.texts') }).click();
    await expect(page.getByRole('region', { name: s(locale, 'conditions.title') })).toBeVisible();
    await screenshot(page, `console/settings-texts-${locale}-${width}`);
  });
}
