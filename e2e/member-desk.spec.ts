import type { APIRequestContext } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type Locale } from '@wallet/contract/constants';
import { openConsole, staffToken } from './console';
import { expect, expectAccessible, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';

/**
 * Issue 27's member view in a real browser, at 1280 and 390 wide, in Thai and English: finance
 * sees the member's risk flags (test members share a holder's name), writes a note and tags, and
 * locks the member; the live counts show in the console bar. Support reads it without actions.
 */
const a = (locale: Locale, key: string) => text(locale, `memberActions.${key}`, 'console-member-actions');

/** A new member's id, read from their own profile. */
async function memberId(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/account/profile', {
    headers: { authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  });
  return Number(((await answer.json()) as { profile: { _id: string } }).profile._id);
}

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
] as const) {
  test(`finance works a member (${locale}, ${width} wide)`, async ({ page, request }) => {
    // Two members with one holder's name (the fixture's): each is flagged.
    await registerMember(request);
    const member = await registerMember(request);
    const token = await staffToken(page.request, 'finance');
    await openConsole(
      page,
      `/console/members/${await memberId(request, member.token)}`,
      token,
      locale,
      width,
    );
    const risk = page.getByRole('region', { name: a(locale, 'risk') });
    await expect(
      risk.getByText(text(locale, 'withdrawals.flags.shared_holder_name', 'console-withdrawals')),
    ).toBeVisible();
    const notes = page.getByRole('region', { name: a(locale, 'notes') });
    await notes.getByLabel(a(locale, 'noteLabel')).fill('<b>Called</b> about a slip');
    await notes.getByRole('button', { name: a(locale, 'addNote') }).click();
    await expect(notes.getByText('<b>Called</b> about a slip')).toBeVisible();
    await screenshot(page, `console/member-view-${locale}-${width}`);

    await page.getByRole('button', { name: a(locale, 'lock') }).click();
    const dialog = page.getByRole('dialog', { name: a(locale, 'lockTitle') });
    await dialog.getByLabel(a(locale, 'reason')).fill('Shared bank account');
    await screenshot(page, `console/member-lock-${locale}-${width}`, { fullPage: false });
    await dialog.getByRole('button', { name: a(locale, 'lock') }).click();
    await expect(page.getByRole('button', { name: a(locale, 'unlock') })).toBeVisible();
    await expectAccessible(page);
  });
}

test('support reads a member without actions (th, 390 wide)', async ({ page, request }) => {
  const member = await registerMember(request);
  const id = await memberId(request, member.token);
  await openConsole(page, `/console/members/${id}`, await staffToken(page.request, 'support'), 'th', 390);
  await expect(page.getByRole('region', { name: a('th', 'notes') })).toBeVisible();
  await expect(page.getByRole('button', { name: a('th', 'lock') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: a('th', 'addNote') })).toHaveCount(0);
  await screenshot(page, 'console/member-view-support-th-390');
});
