import { LOCALES } from '@wallet/contract/constants';
import { expect, open, sandbox, screenshot, test } from './fixtures';

/**
 * The service switched off for everyone: alone in the shared-settings project, after the rest
 * (docs/decisions/060), since every member of every other test would meet /terminated.
 */
test('the terminated flow: login goes to /terminated while the service is off, and back after', async ({
  page,
  request,
}) => {
  await sandbox(request, '/api/sandbox/service', { terminated: true });
  try {
    await open(page, '/login', { locale: 'en' });
    await expect(page).toHaveURL(/\/terminated$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service closed');
    for (const locale of LOCALES) {
      await open(page, '/terminated', { locale });
      await screenshot(page, `${locale}/terminated`);
    }
    // A member call answers gone: the app goes to /terminated from anywhere.
    await open(page, '/howto', { locale: 'en' });
    await expect(page).toHaveURL(/\/terminated$/);
    // NOTE: 410 is cacheable by default; the API's no-store header keeps `gone` from being replayed.
  } finally {
    await sandbox(request, '/api/sandbox/service', { terminated: false });
  }
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/lookup/active')),
    page.getByRole('button', { name: 'Check again' }).click(),
  ]);
  expect(await answer.json()).toEqual({ terminated: false });
  await expect(page).toHaveURL(/\/login$/);
});
