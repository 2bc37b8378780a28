import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES } from '@wallet/contract/constants';
import {
  dialogsClosed,
  expect,
  expectAccessible,
  open,
  registerMember,
  screenshot,
  smsCode,
  test,
} from './fixtures';
import { text } from './texts';

/** One of the operator's receiving accounts in the demo reference data. */
const OPERATOR_ACCOUNT = '4078823156';
/** Under 8 characters, and one of the most used passwords. */
const SHORT = 'abc123';
const COMMON = 'password1';

const dialog = (page: Page) => page.getByRole('dialog');
const submit = (scope: Page | Locator) => scope.locator('form button[type="submit"]').click();

/**
 * Another account at the member's bank that a slip verifier shows alike (xxx-x-x6789-x: the same
 * four digits before the last), held by someone else: the sandbox bank names its holder
 * "SANDBOX C***", not the member.
 */
const lookalike = (accountNo: string) =>
  `${accountNo[0] === '9' ? '1' : String(Number(accountNo[0]) + 1)}${accountNo.slice(1)}`;

for (const locale of LOCALES) {
  test(`a slip kept for review, and passwords refused on their field (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const error = (code: string) => text(locale, code, 'errors');

    // Registration step 3: a short, then a common password, each told on the password field.
    const phone = `08${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    await open(page, '/register', { locale });
    await page.locator('input[name="phone"]').fill(phone);
    await submit(page);
    await page.locator('input[name="otpCode"]').fill(await smsCode(request, phone));
    await submit(page);
    const password = page.locator('input[name="password"]');
    await page.locator('input[name="name"]').fill('Somchai');
    await page.locator('select[name="sourceCode"]').selectOption('FRIEND');
    for (const [typed, code] of [
      [SHORT, 'PASSWORD_LENGTH'],
      [COMMON, 'PASSWORD_TOO_COMMON'],
    ] as const) {
      await password.fill(typed);
      await page.locator('input[name="confirm"]').fill(typed);
      await submit(page);
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAccessibleDescription(error(code));
    }
    await expect(page.locator('input[name="name"]')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `${locale}/register-3-password-common`, { fullPage: false });

    // A slip from a look-alike account: nothing credited, the member told staff will look.
    const member = await registerMember(request);
    await open(page, '/user/home', { locale, token: member.token, agreementSeen: true });
    await page.getByRole('button', { name: text(locale, 'home.widgets.deposit') }).click();
    const deposit = dialog(page);
    await expect(deposit.getByText('407-882-3156')).toBeVisible();
    const transfer = await request.post('/api/sandbox/bank/transfer', {
      data: {
        fromBankCode: member.bankCode,
        fromAccountNo: lookalike(member.bankAccountNo),
        toAccountNo: OPERATOR_ACCOUNT,
        amount: 40_000,
      },
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    });
    expect(transfer.ok()).toBe(true);
    await deposit.locator('input[type="file"]').setInputFiles({
      name: 'slip.png',
      mimeType: 'image/png',
      buffer: await transfer.body(),
    });
    await deposit.getByRole('button', { name: text(locale, 'deposit.slip.upload') }).click();
    // Told as waiting for staff (not a failure to retry), with where to follow it.
    const answer = deposit.getByRole('status').filter({ hasText: error('SENDER_UNCONFIRMED') });
    await expect(answer).toContainText(text(locale, 'deposit.slip.result.REVIEW'));
    await expect(deposit.getByText(text(locale, 'deposit.slip.noFile'))).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `${locale}/deposit-slip-review`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(deposit).toBeHidden();
    await dialogsClosed(page);

    // The slip's status: under review, with why, at 390 and at 320 wide.
    await page.goto('/user/statement');
    await page.getByRole('button', { name: text(locale, 'statement.slips') }).click();
    const slips = dialog(page);
    const row = slips.locator('li[data-status="REVIEW"]');
    await expect(row).toHaveCount(1);
    await expect(row.getByText(text(locale, 'statement.status.REVIEW'), { exact: true })).toBeVisible();
    await expect(row.getByText(error('SENDER_UNCONFIRMED'))).toBeVisible();
    await expect(row.getByText('400.00')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `${locale}/slip-status-review`, { fullPage: false });
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(row.getByText(text(locale, 'statement.status.REVIEW'), { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, `${locale}/slip-status-review-320`, { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });

    // Change password: the same rules, told on the new password's field.
    await page.goto('/user/profile');
    await page
      .getByRole('button', { name: text(locale, 'profile.changePassword') })
      .first()
      .click();
    const change = dialog(page);
    const newPassword = change.locator('input[name="newPassword"]');
    await change.locator('input[name="oldPassword"]').fill(member.password);
    for (const [typed, code] of [
      [SHORT, 'PASSWORD_LENGTH'],
      [COMMON, 'PASSWORD_TOO_COMMON'],
    ] as const) {
      await newPassword.fill(typed);
      await change.locator('input[name="confirm"]').fill(typed);
      await submit(change);
      await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
      await expect(newPassword).toHaveAccessibleDescription(error(code));
    }
    await expectAccessible(page);
    await screenshot(page, `${locale}/member-change-password-common`, { fullPage: false });
  });
}
