import type { Page } from '@playwright/test';
import { expect, expectAccessible, open, registerMember, test } from './fixtures';
import { text } from './texts';

/** The phone's Back on home: it closes the dialog on top, one a press, and the page stays. */

const locale = 'th';
const t = (key: string) => text(locale, key);
const widget = (page: Page, name: string) =>
  page.getByRole('button', { name: t(`home.widgets.${name}`), exact: true });

test('Back closes the agreement (not accepting it) and a dialog, home stays; ✕ leaves no Back behind', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await open(page, '/user/profile', { locale, token: member.token });
  await page.getByRole('link', { name: t('nav.home'), exact: true }).click();
  await expect(page).toHaveURL(/\/user\/home$/);

  // The agreement opens by itself, with its text: Back puts it away, and that is not agreeing.
  const agreement = page.getByRole('dialog', { name: t('agreement.title') });
  await expect(agreement.getByRole('button', { name: t('agreement.accept') })).toBeEnabled();
  await expectAccessible(page);
  await page.goBack();
  await expect(agreement).toBeHidden();
  await expect(page).toHaveURL(/\/user\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('agreement'))).toBeNull();

  const withdraw = page.getByRole('dialog', { name: t('withdraw.title') });
  await widget(page, 'withdraw').click();
  await expect(withdraw).toBeVisible();
  await page.goBack();
  await expect(withdraw).toBeHidden();
  await expect(page).toHaveURL(/\/user\/home$/);

  await widget(page, 'withdraw').click();
  await withdraw.getByRole('button', { name: t('action.close') }).click();
  await expect(withdraw).toBeHidden();
  // ✕ takes the dialog's history entry back itself; a Back pressed before that popstate lands
  // would race it (no person is that quick), so wait until the entry is gone.
  await expect
    .poll(() =>
      page.evaluate(() => (history.state as { walletDialog?: string } | null)?.walletDialog ?? null),
    )
    .toBeNull();
  // The next Back is the page's own: back to the profile.
  await page.goBack();
  await expect(page).toHaveURL(/\/user\/profile$/);
});

test('a confirm over a dialog takes two Backs: the confirm, then the dialog', async ({ page, request }) => {
  const member = await registerMember(request);
  await open(page, '/user/home', { locale, token: member.token, agreementSeen: true });
  await page.locator('[data-game="JOKER"]').click();
  // One dialog open until the confirm opens over it.
  const game = page.getByRole('dialog');
  await game.getByRole('button', { name: t('game.openAccount') }).click();
  await game.getByRole('button', { name: t('game.resetPassword') }).click();
  const confirm = page.getByRole('dialog', { name: t('game.resetConfirm.title') });
  await expect(confirm).toBeVisible();

  await page.goBack();
  await expect(confirm).toBeHidden();
  await expect(game.getByRole('button', { name: t('game.resetPassword') })).toBeVisible();
  await page.goBack();
  await expect(game).toBeHidden();
  await expect(page).toHaveURL(/\/user\/home$/);
});
