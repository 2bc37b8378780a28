import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Locale } from '@wallet/contract/constants';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import { expect, expectAccessible, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';
import { openConsole, staffToken } from './console';

/**
 * Issue 27's deposits to review in a real browser, at 1280 and 390 wide, in Thai and English: a
 * finance staff member credits a slip whose sender could not be confirmed and refuses a QR paid
 * with another amount; a support staff member reads the queue without any decision button.
 */

const d = (locale: Locale, key: string) => text(locale, `deposits.${key}`, 'console-deposits');
const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
/** One of the operator's receiving accounts in the demo reference data. */
const OPERATOR_ACCOUNT = '4078823156';

/**
 * A member who registered the account a transfer came from only after it: their slip's sender
 * cannot be confirmed, so it waits for staff.
 */
async function slipForReview(request: APIRequestContext) {
  const accountNo = `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const transfer = await request.post('/api/sandbox/bank/transfer', {
    data: { fromBankCode: 'SCB', fromAccountNo: accountNo, toAccountNo: OPERATOR_ACCOUNT, amount: 150_000 },
    headers,
  });
  expect(transfer.ok()).toBe(true);
  const member = await registerMember(request, { bankAccountNo: accountNo });
  const kept = await request.post('/api/wallet/slip', {
    multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: await transfer.body() } },
    headers: { ...headers, authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
  });
  expect(await kept.json()).toEqual({ message: 'SENDER_UNCONFIRMED' });
  return member;
}

/** A member whose QR of 200 baht was paid with 250. */
async function qrForReview(request: APIRequestContext) {
  const member = await registerMember(request);
  const opened = await request.post('/api/qrcode/PAYONEX', {
    data: { amount: 20_000 },
    headers: { ...headers, authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
  });
  const { qrcodeId } = (await opened.json()) as { qrcodeId: string };
  const paid = await request.post(`/api/sandbox/qrcode/${qrcodeId}/pay?amount=25000`, { headers });
  expect(paid.ok()).toBe(true);
  return member;
}

async function openQueue(page: Page, token: string, locale: Locale, width: number) {
  await openConsole(page, '/console/deposits', token, locale, width);
  await expect(page.getByRole('heading', { name: d(locale, 'title') })).toBeVisible();
}

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
] as const) {
  test(`finance credits a slip and refuses a QR (${locale}, ${width} wide)`, async ({ page, request }) => {
    const [slip, qr] = [await slipForReview(request), await qrForReview(request)];
    await openQueue(page, await staffToken(page.request, 'finance'), locale, width);
    const card = (phone: string) => page.getByRole('article').filter({ hasText: phone });
    await expect(card(slip.phone).getByText(d(locale, 'unconfirmed.bank_changed_after'))).toBeVisible();
    // The slip image, inline by its signed link, has loaded.
    await expect
      .poll(() =>
        card(slip.phone)
          .getByRole('img', { name: d(locale, 'slipImage') })
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(card(qr.phone).getByText('฿250.00').first()).toBeVisible();
    await screenshot(page, `console/deposits-queue-${locale}-${width}`);

    await card(slip.phone)
      .getByRole('button', { name: d(locale, 'credit'), exact: true })
      .click();
    const credit = page.getByRole('dialog', { name: d(locale, 'creditTitle') });
    await credit.getByLabel(d(locale, 'noteLabel')).fill('<b>Called the member</b>');
    await screenshot(page, `console/deposits-credit-${locale}-${width}`, { fullPage: false });
    await credit.getByRole('button', { name: d(locale, 'credit'), exact: true }).click();
    await expect(card(slip.phone)).toHaveCount(0);

    await card(qr.phone)
      .getByRole('button', { name: d(locale, 'refuse') })
      .click();
    const refuse = page.getByRole('dialog', { name: d(locale, 'refuseTitle') });
    await refuse.getByLabel(d(locale, 'noteLabel')).fill('Paid twice; refunded by the bank');
    await screenshot(page, `console/deposits-refuse-${locale}-${width}`, { fullPage: false });
    await refuse.getByRole('button', { name: d(locale, 'refuse') }).click();
    await expect(card(qr.phone)).toHaveCount(0);
    await expectAccessible(page);
  });
}

for (const [locale, width] of [
  ['en', 1280],
  ['th', 390],
] as const) {
  test(`support reads the deposits queue without decision buttons (${locale}, ${width} wide)`, async ({
    page,
    request,
  }) => {
    const member = await slipForReview(request);
    await openQueue(page, await staffToken(page.request, 'support'), locale, width);
    // Support sees the phone by its last 4 digits only.
    const card = page
      .getByRole('article')
      .filter({ hasText: `••••••${member.phone.slice(-4)}` })
      .first();
    await expect(card).toBeVisible();
    await expect(page.getByText(d(locale, 'readOnly'))).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
    await screenshot(page, `console/deposits-support-${locale}-${width}`);
  });
}
