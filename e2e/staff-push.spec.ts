import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type Locale } from '@wallet/contract/constants';
import { STAFF_CSRF_HEADER, type StaffPushState } from '@wallet/contract/http/console';
import { expect, screenshot, test } from './fixtures';
import { text } from './texts';
import { openConsole, staffToken } from './console';

/**
 * Decision 053 in a real browser: the console's bell appears once the site's service worker runs,
 * and a browser that blocks notices is told where to allow them, with nothing subscribed.
 */
const c = (locale: Locale, key: string) => text(locale, key, 'console');

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
] as const) {
  test(`finance turns notices on where the browser blocks them (${locale}, ${width} wide)`, async ({
    page,
  }) => {
    const token = await staffToken(page.request, 'finance');
    await openConsole(page, '/console/withdrawals', token, locale, width);
    // The service worker installs on the first visit; the bell shows where one runs.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    const bell = page.getByRole('switch', { name: c(locale, 'push.label') });
    await expect(bell).toBeVisible();
    await expect(bell).toHaveAttribute('aria-checked', 'false');
    await screenshot(page, `console/push-bell-${locale}-${width}`, { fullPage: false });

    // Headless Chromium answers "denied" unless permission was granted.
    await bell.click();
    await expect(page.getByText(c(locale, 'push.blocked'))).toBeVisible();
    await expect(bell).toHaveAttribute('aria-checked', 'false');
    await screenshot(page, `console/push-blocked-${locale}-${width}`, { fullPage: false });
    const state = await page.request.get('/api/console/push', {
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, [STAFF_CSRF_HEADER]: token },
    });
    expect(((await state.json()) as StaffPushState).devices).toBe(0);
  });
}
