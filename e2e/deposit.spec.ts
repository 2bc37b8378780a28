import type { APIRequestContext, Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES, type Locale } from '@wallet/contract/constants';
import type { QrState } from '@wallet/contract/http/deposit';
import {
  dialogsClosed,
  expect,
  expectAccessible,
  memberOn,
  open,
  registerMember,
  sandbox,
  screenshot,
  test,
} from './fixtures';
import { text } from './texts';

/** One of the operator's receiving accounts in the demo reference data. */
const OPERATOR_ACCOUNT = '4078823156';

const dialog = (page: Page) => page.getByRole('dialog');
const total = (page: Page) => page.locator('[data-balance="total"]');
/** A text of the app with its {{placeholders}} as they will be filled. */
const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The sandbox bank makes the transfer and hands out its slip, a PNG with a real slip QR code. */
async function slipOf(request: APIRequestContext, fromAccountNo: string, amount: number) {
  const response = await request.post('/api/sandbox/bank/transfer', {
    data: { fromBankCode: 'SCB', fromAccountNo, toAccountNo: OPERATOR_ACCOUNT, amount },
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  });
  expect(response.ok()).toBe(true);
  return response.body();
}

async function openDeposit(page: Page, locale: Locale) {
  await page.getByRole('button', { name: text(locale, 'home.widgets.deposit') }).click();
  await expect(dialog(page)).toBeVisible();
  return dialog(page);
}

test('a member deposits by slip, by QR and by gift link, and finds the slip in its status', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const locale: Locale = 'en';
  const member = await memberOn(page, request, { locale });
  await expect(total(page)).toHaveText('฿0.00');

  // Bank transfer: the operator's account, then the slip of a transfer to it.
  const deposit = await openDeposit(page, locale);
  await expect(deposit.getByText('407-882-3156')).toBeVisible();
  await deposit.locator('input[type="file"]').setInputFiles({
    name: 'slip.png',
    mimeType: 'image/png',
    buffer: await slipOf(request, member.bankAccountNo, 25_000),
  });
  await deposit.getByRole('button', { name: text(locale, 'deposit.slip.upload') }).click();
  await expect(
    deposit.getByText(filled(text(locale, 'deposit.slip.result.SUCCESS'), { amount: '฿250.00' })),
  ).toBeVisible();
  await expect(total(page)).toHaveText('฿250.00');
  await screenshot(page, 'en/deposit-slip-done', { fullPage: false });

  // QR payment: made, shown with its countdown, paid by the sandbox payer: the wallet follows.
  await deposit.getByRole('tab', { name: text(locale, 'deposit.tabs.qr') }).click();
  await deposit.locator('label', { has: page.getByRole('radio', { name: 'Kasikornbank' }) }).click();
  await deposit.getByRole('textbox', { name: text(locale, 'deposit.qr.amount') }).fill('100');
  await deposit.getByRole('button', { name: text(locale, 'deposit.qr.create') }).click();
  await expect(
    deposit.getByRole('img', { name: filled(text(locale, 'deposit.qr.imageAlt'), { amount: '฿100.00' }) }),
  ).toBeVisible();
  await expect(deposit.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
  const state = (await (
    await request.get('/api/qrcode/KBANK', {
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${member.token}` },
    })
  ).json()) as QrState;
  await sandbox(request, `/api/sandbox/qrcode/${state.qrcodeId}/pay`, {});
  await expect(page.getByText(filled(text(locale, 'deposit.qr.paid'), { amount: '฿100.00' }))).toBeVisible();
  await expect(total(page)).toHaveText('฿350.00');

  // Gift link.
  const { link } = (await sandbox(request, '/api/sandbox/voucher', { amount: 5_000 })) as { link: string };
  await deposit.getByRole('tab', { name: text(locale, 'deposit.tabs.gift') }).click();
  const send = deposit.getByRole('button', { name: text(locale, 'deposit.gift.send') });
  // No link yet: Send says what is missing (issue 16), rather than being off without a word.
  await send.click();
  await expect(deposit.getByText(text(locale, 'deposit.giftLinkEmpty', 'reasons'))).toBeVisible();
  await deposit.getByRole('textbox', { name: text(locale, 'deposit.gift.link') }).fill(link);
  await send.click();
  await expect(page.getByText(filled(text(locale, 'deposit.gift.done'), { amount: '฿50.00' }))).toBeVisible();
  await expect(total(page)).toHaveText('฿400.00');
  await page.keyboard.press('Escape');
  await dialogsClosed(page);

  // The slip's status, from the statement page.
  await page.goto('/user/statement');
  await page.getByRole('button', { name: text(locale, 'statement.slips') }).click();
  const slips = dialog(page);
  await expect(slips.getByText('250.00')).toBeVisible();
  await expect(slips.getByText(text(locale, 'statement.status.SUCCESS'), { exact: true })).toBeVisible();
  await screenshot(page, 'en/deposit-slip-status', { fullPage: false });
  await expectAccessible(page);
});

for (const locale of LOCALES) {
  test(`the deposit dialog in ${locale}: each tab at 390 x 844, the QR at 320 wide`, async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await open(page, '/user/home', { locale, token: member.token, agreementSeen: true });
    const deposit = await openDeposit(page, locale);
    await expect(deposit.getByText('407-882-3156')).toBeVisible();
    await screenshot(page, `${locale}/deposit-bank`, { fullPage: false });
    await expectAccessible(page);

    await deposit.getByRole('tab', { name: text(locale, 'deposit.tabs.qr') }).click();
    await deposit.locator('label', { has: page.getByRole('radio', { name: 'WW' }) }).click();
    await deposit.getByRole('textbox', { name: text(locale, 'deposit.qr.amount') }).fill('200');
    await deposit.getByRole('button', { name: text(locale, 'deposit.qr.create') }).click();
    await expect(deposit.getByRole('timer')).toBeVisible();
    await screenshot(page, `${locale}/deposit-qr`, { fullPage: false });
    await expectAccessible(page);

    await deposit.getByRole('tab', { name: text(locale, 'deposit.tabs.gift') }).click();
    await screenshot(page, `${locale}/deposit-gift`, { fullPage: false });

    await page.setViewportSize({ width: 320, height: 640 });
    await deposit.getByRole('tab', { name: text(locale, 'deposit.tabs.qr') }).click();
    await expect(deposit.getByRole('timer')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, `${locale}/deposit-qr-320`, { fullPage: false });

    // The slip status, empty for a new member, at 390 x 844.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/user/statement');
    await page.getByRole('button', { name: text(locale, 'statement.slips') }).click();
    await expect(dialog(page).getByText(text(locale, 'statement.slipsDialog.empty'))).toBeVisible();
    await screenshot(page, `${locale}/deposit-slip-status-empty`, { fullPage: false });
  });
}
