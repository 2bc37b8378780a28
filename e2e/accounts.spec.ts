import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import { expect, expectAccessible, open, screenshot, smsCode, test } from './fixtures';
import { LAO_PORT } from './playwright.config';
import { text } from './texts';

const thaiPhone = () => `08${String(randomInt(0, 1e8)).padStart(8, '0')}`;
const laoPhone = () => `020${String(randomInt(0, 1e8)).padStart(8, '0')}`;
/** A bank account number of `digits` digits (10 at Thai banks; BCEL's are 13, decision 035). */
const accountNo = (digits = 10) =>
  `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`.padEnd(digits, '7');

const submit = (page: Page) => page.locator('form button[type="submit"]').click();

/** The four steps, with a screenshot of each; returns the phone and password. */
async function registerThroughWizard(
  page: Page,
  request: APIRequestContext,
  locale: Locale,
  shots: string,
  base = '',
) {
  const phone = base ? laoPhone() : thaiPhone();
  const password = 'secret-1';
  await page.locator('input[name="phone"]').fill(phone);
  await screenshot(page, `${shots}-1-phone`);
  await submit(page);
  await expect(page.locator('input[name="otpCode"]')).toBeVisible();
  await page.locator('input[name="otpCode"]').fill(await smsCode(request, phone, base));
  await screenshot(page, `${shots}-2-otp`);
  await submit(page);
  await expect(page.locator('input[name="name"]')).toBeVisible();
  await page.locator('input[name="name"]').fill('Somchai');
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirm"]').fill(password);
  await page.locator('select[name="sourceCode"]').selectOption('FRIEND');
  await screenshot(page, `${shots}-3-profile`);
  await submit(page);
  await expect(page.locator('select[name="bankCode"]')).toBeVisible();
  await page.locator('select[name="bankCode"]').selectOption(base ? 'BCEL' : 'SCB');
  await page.locator('input[name="bankAccountNo"]').fill(accountNo(base ? 13 : 10));
  await page.locator('input[name="firstName"]').pressSequentially('somchai');
  await page.locator('input[name="lastName"]').pressSequentially('jaidee');
  await expect(page.locator('input[name="firstName"]')).toHaveValue('SOMCHAI');
  await expectAccessible(page);
  await screenshot(page, `${shots}-4-bank`);
  await submit(page);
  await expect(page.getByText(text(locale, 'register.success'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  // The new member's phone is filled in on the sign-in page (issue 16).
  await expect(page.locator('input[name="username"]')).toHaveValue(phone);
  return { phone, password };
}

async function logIn(page: Page, phone: string, password: string) {
  await page.locator('input[name="username"]').fill(phone);
  await page.locator('input[name="password"]').fill(password);
  await submit(page);
}

for (const locale of LOCALES) {
  test(`register with OTP, log in, change the password, log out, log in again (${locale})`, async ({
    page,
    request,
  }) => {
    await open(page, '/register', { locale });
    const { phone, password } = await registerThroughWizard(page, request, locale, `${locale}/register`);

    await logIn(page, phone, password);
    await expect(page).toHaveURL(/\/user\/home$/);
    const agreement = page.getByRole('dialog');
    await expect(agreement).toBeVisible({ timeout: 5_000 });
    await expect(agreement.locator('p').first()).toBeVisible();
    await screenshot(page, `${locale}/member-agreement`);
    await agreement.getByRole('button', { name: text(locale, 'agreement.accept') }).click();
    await expect(agreement).toBeHidden();

    await page.getByRole('link', { name: text(locale, 'nav.profile') }).click();
    await expect(page.getByText(phone)).toBeVisible();
    await expect(page.getByText('SOMCHAI JAIDEE')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `${locale}/member-profile`);

    await page
      .getByRole('button', { name: text(locale, 'profile.changePassword') })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="oldPassword"]').fill(password);
    await dialog.locator('input[name="newPassword"]').fill('new-secret-2');
    await dialog.locator('input[name="confirm"]').fill('new-secret-2');
    await screenshot(page, `${locale}/member-change-password`);
    await dialog.locator('button[type="submit"]').click();
    await expect(page.getByText(text(locale, 'profile.passwordChanged'))).toBeVisible();

    await page.getByRole('button', { name: text(locale, 'nav.logout') }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, phone, password);
    await expect(page.getByRole('alert')).toBeVisible();
    await screenshot(page, `${locale}/login-wrong-password`);
    await logIn(page, phone, 'new-secret-2');
    await expect(page).toHaveURL(/\/user\/home$/);
  });
}

test('the register form in Lao mode: Lao by default, Lao mobile numbers, kip or baht', async ({
  page,
  request,
}) => {
  const base = `http://127.0.0.1:${LAO_PORT}`;
  await page.goto(`${base}/register`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('lo', 'register.title'));
  await page.locator('input[name="phone"]').fill('0812345678');
  await submit(page);
  await expect(page.getByText(/020/).first()).toBeVisible();
  await page.locator('input[name="phone"]').fill('');
  await page.setViewportSize({ width: 390, height: 844 });
  const currencyShown = page.locator('select[name="currency"]');
  const flow = registerThroughWizard(page, request, 'lo', 'lo/lao-mode-register', base);
  await expect(currencyShown).toHaveValue('LAK');
  await flow;
});

test('the register wizard fits a 320 px phone in Lao, the longest labels', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await open(page, `http://127.0.0.1:${LAO_PORT}/register`, { locale: 'lo' });
  await expect(page.locator('input[name="phone"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await screenshot(page, 'lo/register-320', { fullPage: false });
});

test('the wizard keeps what was typed across Back, Forward and a reload, and Back goes one step (390 x 844)', async ({
  page,
  request,
}) => {
  const locale = 'en';
  await open(page, '/login', { locale });
  await page.getByRole('link', { name: text(locale, 'login.register') }).click();
  const phone = thaiPhone();
  await page.locator('input[name="phone"]').fill(phone);
  await submit(page);
  await page.locator('input[name="otpCode"]').fill(await smsCode(request, phone));
  await submit(page);
  await page.locator('input[name="name"]').fill('Somchai');
  await page.locator('input[name="password"]').fill('secret-1');
  await page.locator('select[name="sourceCode"]').selectOption('FRIEND');

  // The phone's Back: the wizard asks first; leaving keeps the draft, Forward brings it back.
  await page.goBack();
  const ask = page.getByRole('dialog', { name: text(locale, 'register.leaveTitle') });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: text(locale, 'register.leave'), exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goForward();
  await expect(page.locator('input[name="name"]')).toHaveValue('Somchai');
  await expect(page.locator('select[name="sourceCode"]')).toHaveValue('FRIEND');
  // Never stored, so not brought back.
  await expect(page.locator('input[name="password"]')).toHaveValue('');
  expect(await page.evaluate(() => sessionStorage.getItem('registerDraft'))).not.toContain('secret-1');

  // A reload asks the browser's own question first, then finds the draft again.
  await page.locator('input[name="name"]').fill('Somchai J');
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.type();
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toBe('beforeunload');
  await expect(page.locator('input[name="name"]')).toHaveValue('Somchai J');

  // Back on the profile goes to the verified code, not to the phone.
  await page.getByRole('button', { name: text(locale, 'register.back'), exact: true }).click();
  await expect(
    page.getByText(text(locale, 'register.phoneVerified').replace('{{phone}}', phone)),
  ).toBeVisible();
  await page.getByRole('button', { name: text(locale, 'register.next') }).click();
  await expect(page.locator('input[name="name"]')).toHaveValue('Somchai J');
});
