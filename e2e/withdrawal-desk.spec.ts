import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Locale } from '@wallet/contract/constants';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import { creditWallet, expect, expectAccessible, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';
import { openConsole, staffToken } from './console';

/**
 * Issue 27's withdrawal desk in a real browser, at 1280 and 390 wide, in Thai and English: a
 * finance staff member works the queue (approves one held withdrawal, rejects another with the
 * reason the member reads); a support staff member reads it without any decision button.
 */

const w = (locale: Locale, key: string) => text(locale, `withdrawals.${key}`, 'console-withdrawals');
const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };

/** A member whose withdrawal of 25,000 baht (over the automatic 20,000) waits for staff. */
async function heldWithdrawal(request: APIRequestContext) {
  const member = await registerMember(request);
  await creditWallet(request, member.token, 3_000_000);
  const held = await request.post('/api/wallet/withdraw', {
    data: { amount: 2_500_000 },
    headers: { ...headers, authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
  });
  expect(held.status()).toBe(202);
  return member;
}

async function openDesk(page: Page, token: string, locale: Locale, width: number) {
  await openConsole(page, '/console/withdrawals', token, locale, width);
  await expect(page.getByRole('heading', { name: w(locale, 'title') })).toBeVisible();
}

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
] as const) {
  test(`finance works the withdrawal queue (${locale}, ${width} wide)`, async ({ page, request }) => {
    const [approved, rejected] = [await heldWithdrawal(request), await heldWithdrawal(request)];
    await openDesk(page, await staffToken(page.request, 'finance'), locale, width);
    // Finance sees the phone whole: the card of each member is found by it.
    const card = (phone: string) => page.getByRole('article').filter({ hasText: phone });
    await expect(card(approved.phone).getByText(w(locale, 'heldFor.over_auto_max'))).toBeVisible();
    await screenshot(page, `console/withdrawals-queue-${locale}-${width}`);
    // The rules, which finance reads but does not change.
    await page.getByRole('button', { name: w(locale, 'rules.open') }).click();
    const rules = page.getByRole('dialog', { name: w(locale, 'rules.title') });
    await expect(rules.getByText(w(locale, 'rules.readOnly'))).toBeVisible();
    await screenshot(page, `console/withdrawals-rules-${locale}-${width}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(rules).toBeHidden();

    await card(approved.phone)
      .getByRole('button', { name: w(locale, 'approve'), exact: true })
      .click();
    const confirm = page.getByRole('dialog', { name: w(locale, 'approveTitle') });
    await expect(confirm).toBeVisible();
    await screenshot(page, `console/withdrawals-approve-${locale}-${width}`, { fullPage: false });
    await confirm.getByRole('button', { name: w(locale, 'approve'), exact: true }).click();
    await expect(card(approved.phone)).toHaveCount(0);

    await card(rejected.phone)
      .getByRole('button', { name: w(locale, 'reject') })
      .click();
    const reject = page.getByRole('dialog', { name: w(locale, 'rejectTitle') });
    await reject.getByLabel(w(locale, 'reason')).selectOption('bank_details');
    await reject.getByLabel(w(locale, 'noteLabel')).fill('<b>name differs</b>');
    await screenshot(page, `console/withdrawals-reject-${locale}-${width}`, { fullPage: false });
    await reject.getByRole('button', { name: w(locale, 'reject') }).click();
    await expect(card(rejected.phone)).toHaveCount(0);

    // The decided tab shows the rejection, its reason, and the note as text.
    await page.getByRole('tab', { name: w(locale, 'tabs.rejected') }).click();
    const decided = card(rejected.phone.slice(-4)).first();
    await expect(decided.getByText(w(locale, 'reasons.bank_details'), { exact: false })).toBeVisible();
    await expect(decided.getByText('<b>name differs</b>', { exact: false })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `console/withdrawals-rejected-${locale}-${width}`);
  });
}

for (const [locale, width] of [
  ['en', 1280],
  ['th', 390],
] as const) {
  test(`support reads the queue without the approve button (${locale}, ${width} wide)`, async ({
    page,
    request,
  }) => {
    const member = await heldWithdrawal(request);
    await openDesk(page, await staffToken(page.request, 'support'), locale, width);
    // Support sees the phone by its last 4 digits only.
    const card = page
      .getByRole('article')
      .filter({ hasText: `••••••${member.phone.slice(-4)}` })
      .first();
    await expect(card).toBeVisible();
    await expect(page.getByText(w(locale, 'readOnly'))).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: w(locale, 'approve'), exact: true })).toHaveCount(0);
    await screenshot(page, `console/withdrawals-support-${locale}-${width}`);
  });
}
