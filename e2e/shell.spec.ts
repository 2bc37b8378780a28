import { LOCALES, type Locale } from '@wallet/contract/constants';
import type { Response } from '@playwright/test';
import { expect, expectAccessible, open, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';

/** What each public page must show, in each language. */
const HEADINGS: Record<Locale, Record<string, RegExp>> = {
  th: { login: /ยินดีต้อนรับ/, register: /สมัคร/, howto: /วิธี/, contact: /ติดต่อ/ },
  lo: { login: /ຍິນດີ/, register: /ລົງທະບຽນ/, howto: /ວິທີ/, contact: /ຕິດຕໍ່/ },
  en: { login: /Welcome back/, register: /Register/, howto: /How to use/, contact: /Contact us/ },
};
const SCRIPT: Record<Locale, RegExp> = {
  th: /[\u0E00-\u0E7F]/,
  lo: /[\u0E80-\u0EFF]/,
  en: /^[\x20-\x7E\s]+$/,
};

for (const locale of LOCALES) {
  test.describe(`public pages in ${locale}`, () => {
    for (const route of ['login', 'register', 'howto', 'contact']) {
      test(`/${route}`, async ({ page }) => {
        await open(page, `/${route}`, { locale });
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS[locale][route]!);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const menu = page.getByRole('navigation');
        await expect(menu.getByRole('link')).toHaveCount(4);
        if (locale !== 'en') expect(await menu.innerText()).toMatch(SCRIPT[locale]);
        if (route === 'howto') await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(5);
        if (route === 'contact') await expect(page.getByText('1.1.14')).toBeVisible();
        await expectAccessible(page);
        await screenshot(page, `${locale}/public-${route}`);
      });
    }

    test('the login page at 320 px wide', async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await open(page, '/login', { locale });
      await expect(page.getByRole('button', { name: /.+/ }).last()).toBeVisible();
      // A double tap on a button does not select its words (Chromium's desktop double click does
      // not select button text either, so the rule itself is what is checked).
      const submit = page.locator('button[type="submit"]');
      expect(await submit.evaluate((button) => getComputedStyle(button).userSelect)).toBe('none');
      // Nothing may stick out sideways on the narrowest phones.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await screenshot(page, `${locale}/public-login-320`, { fullPage: false });
    });

    test('the member shell and its conditions modal', async ({ page, request }) => {
      const { token } = await registerMember(request);
      await open(page, '/user', { locale, token, agreementSeen: true });
      await expect(page).toHaveURL(/\/user\/home$/);
      const menu = page.getByRole('navigation');
      await expect(menu.getByRole('link')).toHaveCount(4);
      await screenshot(page, `${locale}/member-home`);
      await menu.getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('listitem').first()).toBeVisible();
      expect(await dialog.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
      if (locale !== 'en') expect(await dialog.innerText()).toMatch(SCRIPT[locale]);
      await expectAccessible(page);
      await screenshot(page, `${locale}/member-conditions`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });
}

test('the language switcher changes the language and remembers it', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ยินดีต้อนรับ/);
  await page.getByRole('button', { name: /เลือกภาษา/ }).click();
  await page.getByRole('button', { name: 'ລາວ' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ຍິນດີ/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ຍິນດີ/);
  await screenshot(page, 'lo/language-menu-after');
});

// Decision 033: a page carries the texts of its own language only (each a chunk, locales/<lang>.ts);
// another language's come when the member switches to it.
test('a first visit fetches the texts of its own language, another one on a switch', async ({ page }) => {
  const texts: string[] = [];
  page.on('request', (request) => {
    const chunk = /\/assets\/(th|lo|en)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (chunk) texts.push(chunk[1]!);
  });
  await open(page, '/login', { locale: 'lo' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS.lo.login!);
  expect(texts).toContain('lo');
  expect(texts).not.toContain('th');
  await page.getByRole('button', { name: 'ເລືອກພາສາ' }).click();
  await page.getByRole('button', { name: 'ไทย' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS.th.login!);
  expect(texts).toContain('th');
});

test('guards: every /user page without a token goes to /login; / goes there too', async ({ page }) => {
  for (const path of [
    '/',
    '/user',
    '/user/home',
    '/user/profile',
    '/user/bonus',
    '/user/statement',
    '/user/contact',
    '/user/spin',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a reload of a deep link is served by the app', async ({ page, request }) => {
  const { token } = await registerMember(request);
  await open(page, '/user/statement', { locale: 'en', token });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statement');
});

for (const locale of LOCALES) {
  test(`any other path shows Page Not Found (${locale})`, async ({ page }) => {
    await open(page, '/no/such/page', { locale });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (locale === 'en') await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expectAccessible(page);
    await screenshot(page, `${locale}/not-found`);
  });
}

for (const locale of LOCALES) {
  test(`a how-to video plays in a modal, recorded in ${locale}, and loads only when played`, async ({
    page,
  }) => {
    const clips: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/howto/')) clips.push(new URL(request.url()).pathname);
    });
    await open(page, '/howto', { locale });
    const wallet = page.getByRole('button', { name: new RegExp(text(locale, 'howto.topic.wallet.title')) });
    await expect(wallet).toBeVisible();
    expect(clips).toEqual([]);
    await wallet.click();
    const video = page.getByRole('dialog').locator('video');
    await expect(video).toBeVisible();
    // The recorded clip of the member's language (decision 073), not the 6-second placeholder.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(10);
    expect(await video.evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).pathname)).toBe(
      `/media/howto/${locale}/wallet.mp4`,
    );
    expect(new Set(clips)).toEqual(new Set([`/media/howto/${locale}/wallet.mp4`]));
    await screenshot(page, `${locale}/howto-video`);
  });
}

test('the app is installable, and no API answer is cacheable or comes from its service worker', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifest = (await (await request.get(manifestHref!)).json()) as {
    icons: { src: string }[];
    display: string;
  };
  expect(manifest.display).toBe('standalone');
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length))
    .toBe(1);

  // Reloaded under the worker: every /api call the page makes must reach the server and forbid
  // storing its answer (balances, sessions, the "gone" flag).
  const apiAnswers: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) apiAnswers.push(response);
  });
  await page.reload();
  await expect.poll(() => apiAnswers.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const answer of apiAnswers) {
    const cacheControl = (await answer.allHeaders())['cache-control'] ?? '';
    expect(
      cacheControl.split(',').map((part) => part.trim()),
      answer.url(),
    ).toContain('no-store');
    expect(answer.fromServiceWorker(), answer.url()).toBe(false);
  }
});
