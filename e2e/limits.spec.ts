import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES } from '@wallet/contract/constants';
import { openConsole, staffToken } from './console';
import { creditWallet, expect, expectAccessible, open, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';

/** A call of the member app, signed in, with an Idempotency-Key of its own. */
async function asMember(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
) {
  const headers = {
    [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
    authorization: `Bearer ${token}`,
    'idempotency-key': randomUUID(),
  };
  const response = await request.fetch(url, { method, data, headers });
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
}

const limitsText = (locale: (typeof LOCALES)[number], key: string) => text(locale, key, 'limits');

async function noSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('a member sets limits and takes a time-out in Thai at 390 × 844', async ({ page, request }) => {
  const { token } = await registerMember(request);
  await creditWallet(request, token, 20_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/user/profile', { locale: 'th', token, agreementSeen: true });
  await page.getByRole('link', { name: new RegExp(limitsText('th', 'title')) }).click();
  await expect(page.getByRole('heading', { name: limitsText('th', 'title') })).toBeVisible();

  // A deposit limit of 500 baht a day: the deposit of 200 already counts.
  await page.getByLabel(limitsText('th', 'period.day')).first().fill('500');
  await page.getByLabel(limitsText('th', 'realityCheck.title')).selectOption('30');
  await page.getByRole('button', { name: limitsText('th', 'save') }).click();
  await expect(page.getByText(limitsText('th', 'saved'))).toBeVisible();
  await expect(page.getByText('ใช้ไป ฿200.00 จาก ฿500.00')).toBeVisible();
  await expect(page.getByText('ตอนนี้ยังฝากได้อีก ฿300.00')).toBeVisible();

  // Raising it waits 24 hours.
  await page.getByLabel(limitsText('th', 'period.day')).first().fill('900');
  await page.getByRole('button', { name: limitsText('th', 'save') }).click();
  await expect(page.getByText(/เพิ่มเป็น ฿900.00 ตั้งแต่/)).toBeVisible();
  await expect(page.getByText('ใช้ไป ฿200.00 จาก ฿500.00')).toBeVisible();
  await screenshot(page, 'th/limits-set');

  await page.getByRole('button', { name: limitsText('th', 'length.1'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: /พักการเล่น 24 ชั่วโมง/ });
  await expect(confirm).toBeVisible();
  await screenshot(page, 'th/limits-timeout-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: limitsText('th', 'timeout.confirmButton') }).click();
  await expect(page.getByRole('status').filter({ hasText: /พักการเล่นถึง/ })).toBeInViewport();
  // The picture once the toasts have gone.
  await expect(page.getByText(limitsText('th', 'timeout.started'))).toBeHidden({ timeout: 10_000 });
  await screenshot(page, 'th/limits-timed-out', { fullPage: false });

  // The server refuses money into games now, in Thai.
  await open(page, '/user/home', { locale: 'th', token, agreementSeen: true });
  const moved = await request.post('/api/wallet/transfer', {
    data: { from: 'wallet', to: 'JOKER', amount: 1_000 },
    headers: {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
  });
  expect(await moved.json()).toEqual({ message: 'TIMED_OUT' });
});

test('the Play limits page in Thai, Lao and English, 390 and 320 wide', async ({ page, request }) => {
  const { token } = await registerMember(request);
  await creditWallet(request, token, 12_000);
  const none = { day: null, week: null, month: null };
  await asMember(request, token, 'PUT', '/api/account/limits', {
    deposit: { ...none, week: 100_000 },
    loss: { ...none, month: 50_000 },
    realityCheckMinutes: 60,
  });
  for (const locale of LOCALES) {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/user/profile/limits', { locale, token, agreementSeen: true });
    await expect(page.getByRole('heading', { name: limitsText(locale, 'title') })).toBeVisible();
    await expect(page.getByLabel(limitsText(locale, 'period.week')).first()).toHaveValue('1000.00');
    if (locale === 'en') await expectAccessible(page);
    await screenshot(page, `${locale}/limits`);
    await page.getByRole('button', { name: limitsText(locale, 'foreverChoice') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await screenshot(page, `${locale}/limits-exclusion-confirm`, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 320, height: 640 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await noSideScroll(page, 320);
    await screenshot(page, `${locale}/limits-320`);
  }
});

test('the reality check appears mid-play and a break brings the game money back', async ({
  page,
  request,
}) => {
  const { token } = await registerMember(request);
  await creditWallet(request, token, 50_000);
  const none = { day: null, week: null, month: null };
  await asMember(request, token, 'PUT', '/api/account/limits', {
    deposit: none,
    loss: none,
    realityCheckMinutes: 30,
  });
  await asMember(request, token, 'GET', '/api/wallet/activate/JOKER');
  // Money into a game starts the play session.
  await asMember(request, token, 'POST', '/api/wallet/transfer', {
    from: 'wallet',
    to: 'JOKER',
    amount: 20_000,
  });

  await page.clock.install();
  await page.setViewportSize({ width: 390, height: 844 });
  // The shell reads the play session from the server as it opens.
  const session = page.waitForResponse((response) => response.url().endsWith('/api/account/limits'));
  await open(page, '/user/home', { locale: 'th', token, agreementSeen: true });
  expect(await (await session).json()).toMatchObject({ session: { result: 0 } });
  await expect(page.getByRole('dialog', { name: limitsText('th', 'check.title') })).toBeHidden();
  await page.clock.fastForward('31:00');
  const check = page.getByRole('dialog', { name: limitsText('th', 'check.title') });
  await expect(check).toBeVisible();
  await expect(check.getByText(/คุณเล่นมาแล้ว 3\d นาที/)).toBeVisible();
  await screenshot(page, 'th/reality-check', { fullPage: false });
  await check.getByRole('button', { name: limitsText('th', 'check.break') }).click();
  await expect(page).toHaveURL(/\/user\/profile\/limits$/);
  await expect(page.getByText(limitsText('th', 'check.breakDone'))).toBeVisible();
});

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
] as const) {
  test(`finance lowers a member's limit on the member view (${locale}, ${width} wide)`, async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    const none = { day: null, week: null, month: null };
    await asMember(request, member.token, 'PUT', '/api/account/limits', {
      deposit: { ...none, day: 100_000 },
      loss: none,
      realityCheckMinutes: null,
    });
    const profile = await request.get('/api/account/profile', {
      headers: { authorization: `Bearer ${member.token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    });
    const id = Number(((await profile.json()) as { profile: { _id: string } }).profile._id);
    await openConsole(
      page,
      `/console/members/${id}`,
      await staffToken(page.request, 'finance'),
      locale,
      width,
    );
    const l = (key: string) => text(locale, `memberLimits.${key}`, 'console-limits');
    const card = page.getByRole('region', { name: l('title') });
    await expect(card.getByText(/฿1,000\.00/).first()).toBeVisible();
    await card.getByLabel(l('amount')).fill('250');
    await card.getByRole('button', { name: l('lowerButton') }).click();
    await expect(card.getByText(/฿250\.00/).first()).toBeVisible();
    // The history says who lowered what, in money.
    await expect(card.getByText(/฿1,000\.00 → ฿250\.00/)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `${locale}/console-member-limits-${width}`, { fullPage: false });
  });
}
