import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES, type Locale } from '@wallet/contract/constants';
import { expect, expectAccessible, open, screenshot, smsCode, test } from './fixtures';
import { LAO_PORT } from './playwright.config';
import { text } from './texts';

/**
 * Lao mode names banks and the operator's accounts in the member's language (issue 16, decision
 * 027): registration's bank step, the deposit bank tab, the withdraw dialog and the profile, each
 * with the bank's badge, on the Lao-mode server.
 */

const base = `http://127.0.0.1:${LAO_PORT}`;
const LAO = /[\u0E80-\u0EFF]/;
const THAI = /[\u0E00-\u0E7F]/;

/** What each language reads for the member's bank (BCEL) and the operator's kip account. */
const EXPECTED: Record<Locale, { bcel: string; scb: string; operator: string }> = {
  lo: {
    bcel: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
    scb: 'ທະນາຄານໄທພານິດ',
    operator: 'ບໍລິສັດ ລັກກີ້ ວໍເລັດ ຈຳກັດ',
  },
  th: { bcel: 'ธนาคารการค้าต่างประเทศลาว', scb: 'ธนาคารไทยพาณิชย์', operator: 'LUCKY WALLET CO LTD' },
  en: {
    bcel: 'Banque pour le Commerce Extérieur Lao',
    scb: 'Siam Commercial Bank',
    operator: 'LUCKY WALLET CO LTD',
  },
};

const submit = (page: Page) => page.locator('form button[type="submit"]').click();

/**
 * Shoots the screen at 390 x 844, then at 320 x 640, and goes back to 390 x 844; `check` runs at
 * each size.
 */
async function shootBoth(page: Page, name: string, check: () => Promise<void> = async () => {}) {
  await check();
  await screenshot(page, `lao-banks/${name}-390`, { fullPage: false });
  await page.setViewportSize({ width: 320, height: 640 });
  await check();
  await screenshot(page, `lao-banks/${name}-320`, { fullPage: false });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Sandbox only: puts `amount` minor units into the Lao-mode member's wallet. */
async function credit(request: APIRequestContext, token: string, amount: number) {
  const response = await request.post(`${base}/api/sandbox/credit`, {
    data: { amount },
    headers: {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

for (const locale of LOCALES) {
  test(`Lao mode names banks and the operator's accounts in ${locale}, each with its badge`, async ({
    page,
    request,
  }) => {
    // A long walk: registration, then three screens, each checked by axe and shot twice.
    test.setTimeout(150_000);
    const t = (key: string) => text(locale, key);
    const expected = EXPECTED[locale];
    const phone = `020${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    await open(page, `${base}/register`, { locale, agreementSeen: true });

    // Registration, up to the bank step.
    await page.locator('input[name="phone"]').fill(phone);
    await submit(page);
    await page.locator('input[name="otpCode"]').fill(await smsCode(request, phone, base));
    await submit(page);
    await page.locator('input[name="name"]').fill('Somchai');
    await page.locator('input[name="password"]').fill('secret-1');
    await page.locator('input[name="confirm"]').fill('secret-1');
    await page.locator('select[name="sourceCode"]').selectOption('FRIEND');
    await submit(page);

    // The bank list: every bank by its name in this language, Lao banks first.
    const select = page.locator('select[name="bankCode"]');
    await expect(select.locator('option[value="BCEL"]')).toHaveText(expected.bcel);
    await expect(select.locator('option[value="SCB"]')).toHaveText(expected.scb);
    const names = (await select.locator('option:not([value=""])').allTextContents()).join(' ');
    if (locale === 'lo') expect(names).not.toMatch(THAI);
    if (locale === 'en') expect(names).not.toMatch(LAO);
    await select.selectOption('BCEL');
    await expect(page.locator('[data-bank-badge="BCEL"]')).toHaveText('BCEL');
    // BCEL numbers have 13 digits (decision 035).
    await page.locator('input[name="bankAccountNo"]').fill(`${randomInt(1e12, 1e13)}`);
    await page.locator('input[name="firstName"]').pressSequentially('somchai');
    await page.locator('input[name="lastName"]').pressSequentially('jaidee');
    await expectAccessible(page);
    await shootBoth(page, `${locale}/register-bank`);
    await submit(page);
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
    await page.locator('input[name="password"]').fill('secret-1');
    await submit(page);
    await expect(page).toHaveURL(/\/user\/home$/);
    const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
    await credit(request, token!, 5_000_000);
    await page.reload();

    // Deposit: the operator's accounts, the kip one first, named in this language.
    await page.getByRole('button', { name: t('home.widgets.deposit'), exact: true }).click();
    const deposit = page.getByRole('dialog', { name: t('deposit.title') });
    const accounts = deposit.getByRole('tabpanel').locator('ul').first().locator('li');
    const bcel = accounts.first();
    await expect(bcel).toContainText(expected.bcel);
    await expect(bcel).toContainText(expected.operator);
    await expect(bcel.locator('[data-bank-badge="BCEL"]')).toHaveText('BCEL');
    // A kip member is shown the kip account only (issue 32 section 2).
    await expect(accounts).toHaveCount(1);
    if (locale === 'lo')
      expect(await accounts.allTextContents()).not.toContainEqual(expect.stringMatching(THAI));
    await expectAccessible(page);
    // Each account number on one line, the badge at the left of the bank's name.
    await shootBoth(page, `${locale}/deposit-bank`, async () => {
      const number = await bcel.getByText('0101100458723').boundingBox();
      expect(number!.height).toBeLessThan(32);
      const badge = await bcel.locator('[data-bank-badge]').boundingBox();
      const name = await bcel.getByText(expected.bcel, { exact: true }).boundingBox();
      expect(badge!.x + badge!.width).toBeLessThanOrEqual(name!.x);
    });
    await page.keyboard.press('Escape');
    await expect(deposit).toBeHidden();

    // Withdraw: to the member's own bank, named in this language.
    await page.getByRole('button', { name: t('home.widgets.withdraw'), exact: true }).click();
    const withdraw = page.getByRole('dialog', { name: t('withdraw.title') });
    await expect(withdraw.getByText(expected.bcel, { exact: true })).toBeVisible();
    await expect(withdraw.locator('[data-bank-badge="BCEL"]')).toBeVisible();
    await expectAccessible(page);
    await shootBoth(page, `${locale}/withdraw`);
    await page.keyboard.press('Escape');
    await expect(withdraw).toBeHidden();

    // Profile.
    await page.getByRole('link', { name: t('nav.profile') }).click();
    await expect(page.getByText(expected.bcel, { exact: true })).toBeVisible();
    await expect(page.locator('[data-bank-badge="BCEL"]')).toBeVisible();
    await expectAccessible(page);
    await shootBoth(page, `${locale}/profile`);
  });
}
