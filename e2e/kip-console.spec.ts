import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type Locale } from '@wallet/contract/constants';
import { expect, expectAccessible, screenshot, smsCode, test } from './fixtures';
import { openConsole, staffToken } from './console';
import { LAO_PORT } from './playwright.config';
import { text } from './texts';

/**
 * The console on the Lao-mode server keeps currencies apart (decision 078): baht sent to the baht
 * account by a kip member is only refused, with the way back; staff choose a BCEL account's
 * currency; the QR minimums show each channel in its one currency. At 1280 and 390 wide.
 */

test.use({ baseURL: `http://127.0.0.1:${LAO_PORT}` });

const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
const SCB_BAHT_ACCOUNT = '4078823156';

async function call<T>(request: APIRequestContext, url: string, data: unknown, extra = {}): Promise<T> {
  const response = await request.post(url, { data, headers: { ...headers, ...extra } });
  expect(response.ok(), `${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json() as Promise<T>;
}

/** A kip member with a BCEL kip account whose baht transfer to our baht account waits for staff. */
async function kipMemberWithBahtSlip(request: APIRequestContext) {
  const digits = String(randomInt(0, 1e8)).padStart(8, '0');
  const phone = `020${digits}`;
  const bankAccountNo = `0101200${String(randomInt(0, 1e8)).padStart(8, '0')}001`;
  const password = 'Wallet-test-7395';
  const sent = await call<{ otpToken: string }>(request, '/api/otp/send', { phoneNumber: phone });
  await call(request, '/api/otp/verify', { otpToken: sent.otpToken, otpCode: await smsCode(request, phone) });
  const { id } = await call<{ id: string }>(request, '/api/account', {
    name: 'Somsack',
    username: phone,
    password,
    sourceCode: 'FRIEND',
    inviteCode: '',
    otpToken: sent.otpToken,
    bankCode: 'BCEL',
    bankAccountNo,
    bankAccountName: 'SOMSACK PHOMMA',
    currency: 'LAK',
  });
  const { token } = await call<{ token: string }>(request, '/api/login', { username: phone, password });
  const transfer = await request.post('/api/sandbox/bank/transfer', {
    data: {
      fromBankCode: 'BCEL',
      fromAccountNo: bankAccountNo,
      toBankCode: 'SCB',
      toAccountNo: SCB_BAHT_ACCOUNT,
      amount: 20_000,
      currency: 'BAHT',
    },
    headers,
  });
  expect(transfer.ok()).toBe(true);
  const kept = await request.post('/api/wallet/slip', {
    multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: await transfer.body() } },
    headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  });
  expect(await kept.json()).toEqual({ message: 'DEST_ACC_TAKES_BAHT' });
  return { id, phone };
}

/**
 * A dialog takes its own history entry back on close: a navigation before that popstate lands is
 * aborted by it (net::ERR_ABORTED), so wait until the entry is gone.
 */
async function dialogEntryGone(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => (history.state as { walletDialog?: string } | null)?.walletDialog ?? null),
    )
    .toBeNull();
}

for (const [locale, width] of [
  ['en', 1280],
  ['lo', 390],
] as const satisfies [Locale, number][]) {
  test(`the console keeps kip and baht apart (${locale}, ${width} wide)`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const d = (key: string) => text(locale, `deposits.${key}`, 'console-deposits');
    const m = (key: string) => text(locale, `memberActions.${key}`, 'console-member-actions');
    const s = (key: string) => text(locale, `settings.${key}`, 'console-settings');
    const member = await kipMemberWithBahtSlip(request);
    const token = await staffToken(page.request, 'owner');

    // The deposit queue: both currencies, the way back, and Refuse only.
    await openConsole(page, '/console/deposits', token, locale, width);
    const card = page.getByRole('article').filter({ hasText: member.phone });
    await expect(card.getByRole('note')).toContainText('฿200.00');
    await expect(card.getByRole('button', { name: d('credit'), exact: true })).toHaveCount(0);
    await screenshot(page, `kip-console/deposits-mismatch-${locale}-${width}`);
    await card.getByRole('button', { name: d('mismatch.refuse') }).click();
    const refuse = page.getByRole('dialog', { name: d('refuseTitle') });
    await refuse.getByLabel(d('noteLabel')).fill('Returned to BCEL by transfer');
    await screenshot(page, `kip-console/deposits-mismatch-refuse-${locale}-${width}`, { fullPage: false });
    await refuse.getByRole('button', { name: d('refuse'), exact: true }).click();
    await expect(card).toHaveCount(0);
    await dialogEntryGone(page);

    // The member's bank account: a BCEL account's currency is chosen, the wallet's first.
    await page.goto(`/console/members/${member.id}`);
    const c = (key: string) => text(locale, `member.${key}`, 'console');
    await expect(page.getByText(c('bankCurrency').replace('{{currency}}', s('currency.LAK')))).toBeVisible();
    await screenshot(page, `kip-console/member-${locale}-${width}`, { fullPage: false });
    await page.getByRole('button', { name: m('changeBank') }).click();
    const bank = page.getByRole('dialog');
    await bank.getByLabel(m('bank'), { exact: true }).selectOption('BCEL');
    const currency = bank.getByLabel(m('accountCurrency'));
    await expect(currency).toHaveValue('LAK');
    await currency.selectOption('BAHT');
    await screenshot(page, `kip-console/bank-currency-${locale}-${width}`, { fullPage: false });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialogEntryGone(page);

    // QR minimums: the baht channels in baht, the LAO QR in kip, none in both.
    await page.goto('/console/settings');
    await page.getByRole('tab', { name: s('tabs.accounts') }).click();
    const qr = page.getByRole('region', { name: s('qr.title') });
    await expect(qr.getByLabel(`LAOQR · ${s('currency.LAK')}`)).toBeVisible();
    await expect(qr.getByLabel(`KBANK · ${s('currency.LAK')}`)).toHaveCount(0);
    await qr.scrollIntoViewIfNeeded();
    await screenshot(page, `kip-console/qr-minimums-${locale}-${width}`, { fullPage: false });
  });
}
