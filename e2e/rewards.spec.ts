import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES, type Locale } from '@wallet/contract/constants';
import {
  creditWallet,
  expect,
  expectAccessible,
  open,
  registerMember,
  screenshot,
  SCREENSHOTS,
  smsCode,
  test,
} from './fixtures';
import { text } from './texts';

/**
 * Issue 12 in a real browser: the invite bonus (link, QR code, a friend registering by the link,
 * the referral bonus on home and its claim) and the loss refund (yesterday's loss, receive,
 * refund to wallet). The server runs its default programs (decision 020): 5% of each invitee
 * deposit, claimed from ฿20; 5% of a day's slot and casino loss, up to ฿2,000, above ฿1; both
 * with a turnover of 1× and terms of 100% kept, 100% taken back.
 */

// A Thai member's phone keeps Bangkok time: a refund day then reads as one date.
test.use({ timezoneId: 'Asia/Bangkok' });

const locale: Locale = 'th';
const t = (key: string) => text(locale, key);
const r = (key: string) => text(locale, key, 'rewards');
const e = (key: string) => text(locale, key, 'errors');
/** A text of the app with its {{placeholders}} as they will be filled. */
const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const clientHeaders = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
const total = (page: Page) => page.locator('[data-balance="total"]');
const toast = (page: Page, message: string) => page.getByRole('status').getByText(message, { exact: true });
const referralAmount = (page: Page) => page.locator('[data-referral-amount]');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Thailand keeps UTC+7 all year. */
const MARKET_OFFSET = 7 * HOUR;
/** NOTE: the server's CLOSE_GRACE_MS (rewards.service.ts): a day is closed 10 minutes after 00:00. */
const CLOSE_GRACE = 10 * MINUTE;

/**
 * 02:00 market time of the last day the server has closed: the day before the market day of
 * (now − the closing grace). A round played then is a loss of that day, refunded now.
 */
function lastClosedDayAt2am(now = Date.now()): string {
  const today = Math.floor((now - CLOSE_GRACE + MARKET_OFFSET) / DAY);
  return new Date((today - 1) * DAY - MARKET_OFFSET + 2 * HOUR).toISOString();
}

async function memberCall(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) {
  const response = await request.fetch(url, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { ...clientHeaders, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  });
  expect(response.ok(), `${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json() as Promise<unknown>;
}

/** Opens the member's JOKER account, or finds it open already (a member plays, then loses). */
async function openJoker(request: APIRequestContext, token: string) {
  const response = await request.get('/api/wallet/activate/JOKER', {
    headers: { ...clientHeaders, authorization: `Bearer ${token}` },
  });
  const answer = await response.text();
  expect(response.ok() || answer.includes('SLOT_ALREADY_ACTIVE'), `activate answered ${answer}`).toBe(true);
}

/**
 * Sandbox only: the member opens their JOKER account, moves `amount` into it and loses it all in
 * rounds of ฿100 played at 02:00 of the last closed day.
 */
async function loseYesterday(request: APIRequestContext, token: string, amount: number) {
  await openJoker(request, token);
  await memberCall(request, token, 'POST', '/api/wallet/transfer', { from: 'wallet', to: 'JOKER', amount });
  await memberCall(request, token, 'POST', '/api/sandbox/provider/JOKER/rounds', {
    count: amount / 10_000,
    bet: 10_000,
    win: 0,
    playedAt: lastClosedDayAt2am(),
  });
}

/**
 * Plays `amount` at JOKER now and breaks even, the money back in the wallet: a deposit earns its
 * inviter commission only once played (decision 036), and the loss refund sees no loss.
 */
async function playThroughToday(request: APIRequestContext, token: string, amount: number) {
  await openJoker(request, token);
  await memberCall(request, token, 'POST', '/api/wallet/transfer', { from: 'wallet', to: 'JOKER', amount });
  await memberCall(request, token, 'POST', '/api/sandbox/provider/JOKER/rounds', {
    count: amount / 10_000,
    bet: 10_000,
    win: 10_000,
  });
  await memberCall(request, token, 'POST', '/api/wallet/transfer', { from: 'JOKER', to: 'wallet', amount });
}

async function logIn(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/login', { data: { username, password }, headers: clientHeaders });
  expect(response.ok(), `login answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** A widget's tap: its banner carousel first (both programs have banners), then its dialog. */
async function openReward(page: Page, reward: 'invite' | 'refund', texts = r, common = t) {
  await page.getByRole('button', { name: common(`home.widgets.${reward}`) }).click();
  const banners = page.getByRole('dialog', { name: texts(`${reward}.title`) });
  // Banner pictures are decorative (alt=""): their text is the HTML under them. Drawn, not just placed.
  const picture = banners.locator('img').first();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  return banners;
}

async function continueToDialog(page: Page, banners: Locator, reward: 'invite' | 'refund', texts = r) {
  await banners.getByRole('button', { name: texts('banners.continue') }).click();
  const dialog = page.getByRole('dialog', { name: texts(`${reward}.title`) });
  // The dialog replaced the carousel (they share the title): the carousel's button is gone.
  await expect(dialog.getByRole('button', { name: texts('banners.continue') })).toBeHidden();
  return dialog;
}

test('a friend registers by the invite link and deposits; the inviter receives the referral bonus; the friend receives yesterday’s loss refund and moves it to the wallet', async ({
  page,
  browser,
  context,
  request,
  browserProblems,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // --- A: the invite link, its QR code and copy --------------------------------------------
  const inviter = await registerMember(request);
  await open(page, '/user/home', { locale, token: inviter.token, agreementSeen: true });
  await expect(total(page)).toHaveText('฿0.00');
  const row = page.getByRole('region', { name: r('invite.home.label') });
  await expect(referralAmount(page)).toHaveText('฿0.00');
  await expect(row.getByText(r('invite.home.none'))).toBeVisible();
  await expect(row.getByRole('button', { name: r('invite.home.receive') })).toBeDisabled();

  const inviteBanners = await openReward(page, 'invite');
  await screenshot(page, 'th/rewards-1-invite-banners', { fullPage: false });
  const invite = await continueToDialog(page, inviteBanners, 'invite');
  const link = invite.locator('[data-invite-link]');
  await expect(link).toHaveText(/\/register\?code=PR\d+$/);
  const inviteUrl = (await link.textContent())!;
  const code = new URL(inviteUrl).searchParams.get('code')!;
  expect(new URL(inviteUrl).origin).toBe(new URL(page.url()).origin);
  await expect(invite.getByText(code, { exact: true })).toBeVisible();
  await expect(invite.getByRole('img', { name: r('invite.qr') })).toHaveAttribute('data-qr-text', inviteUrl);
  await expect(invite.getByText(r('invite.history.empty'))).toBeVisible();
  await invite.getByRole('button', { name: r('invite.copy') }).click();
  await expect(toast(page, filled(t('copy.done'), { text: inviteUrl }))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteUrl);
  await expectAccessible(page);
  await screenshot(page, 'th/rewards-2-invite-dialog', { fullPage: false });
  await invite.getByRole('button', { name: t('action.close') }).click();
  await expect(invite).toBeHidden();

  // --- B: registers in the browser by that link; the code is filled in and locked ------------
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  friend.on('pageerror', (error) => browserProblems.push(`friend's page error: ${error.message}`));
  await open(friend, new URL(inviteUrl).pathname + new URL(inviteUrl).search, { locale });
  const phone = `08${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const password = 'Wallet-test-7395';
  const submit = () => friend.locator('form button[type="submit"]').click();
  await friend.locator('input[name="phone"]').fill(phone);
  await submit();
  await friend.locator('input[name="otpCode"]').fill(await smsCode(request, phone));
  await submit();
  const inviteCode = friend.locator('input[name="inviteCode"]');
  await expect(inviteCode).toHaveValue(code);
  await expect(inviteCode).toHaveAttribute('readonly', '');
  await friend.locator('input[name="name"]').fill('Mali');
  await friend.locator('input[name="password"]').fill(password);
  await friend.locator('input[name="confirm"]').fill(password);
  await friend.locator('select[name="sourceCode"]').selectOption('FRIEND');
  await submit();
  await friend.locator('select[name="bankCode"]').selectOption('SCB');
  await friend.locator('input[name="bankAccountNo"]').fill(`${randomInt(1, 10)}${randomInt(1e8, 1e9)}`);
  // Another name than the inviter's: the same name would be a self-referral, earning nothing.
  await friend.locator('input[name="firstName"]').fill('MALI');
  await friend.locator('input[name="lastName"]').fill('SUKSAN');
  await submit();
  await expect(friend.getByText(t('register.success'))).toBeVisible();
  const friendToken = await logIn(request, phone, password);

  // B deposits ฿1,000, plays it, and loses it at JOKER yesterday: A earns 5% of the deposit, ฿50.
  await creditWallet(request, friendToken, 100_000);
  await playThroughToday(request, friendToken, 100_000);
  await loseYesterday(request, friendToken, 100_000);

  // --- A: the referral bonus on home, its claim confirm, the success toast -----------------
  await page.reload();
  await expect(referralAmount(page)).toHaveText('฿50.00');
  await expect(row.getByText(r('invite.home.none'))).toBeHidden();
  await row.getByRole('button', { name: r('invite.home.receive') }).click();
  const claim = page.getByRole('dialog', { name: r('invite.claim.title') });
  await expect(claim.getByText('฿50.00', { exact: true }).first()).toBeVisible();
  await expect(claim.getByText(filled(r('grant.turnoverTimes'), { multiple: '1' }))).toBeVisible();
  await expect(claim.getByText(filled(r('grant.success'), { percent: '100' }))).toBeVisible();
  await expect(claim.getByText(filled(r('grant.fail'), { percent: '100' }))).toBeVisible();
  await screenshot(page, 'th/rewards-3-claim-confirm', { fullPage: false });
  await claim.getByRole('button', { name: r('invite.claim.confirm') }).click();
  await expect(toast(page, filled(r('invite.claim.done'), { amount: '฿50.00' }))).toBeVisible();
  await expect(claim).toBeHidden();
  await expect(total(page)).toHaveText('฿50.00');
  await expect(referralAmount(page)).toHaveText('฿0.00');

  // A second deposit played earns ฿50 more, but the first claim's turnover runs: refused, a danger toast.
  await creditWallet(request, friendToken, 100_000);
  await playThroughToday(request, friendToken, 100_000);
  await page.reload();
  await expect(referralAmount(page)).toHaveText('฿50.00');
  await row.getByRole('button', { name: r('invite.home.receive') }).click();
  await claim.getByRole('button', { name: r('invite.claim.confirm') }).click();
  await expect(toast(page, e('BONUS_REMAINING'))).toBeVisible();
  await expect(claim).toBeHidden();
  await expect(total(page)).toHaveText('฿50.00');

  // --- B: yesterday's loss refund: receive it, then move it to the wallet --------------------
  await open(friend, '/user/home', { locale, token: friendToken, agreementSeen: true });
  await expect(total(friend)).toHaveText('฿1,000.00');
  const refund = await continueToDialog(friend, await openReward(friend, 'refund'), 'refund');
  await expect(refund.locator('[data-refund-state="ready"]')).toHaveText(r('refund.last.state.ready'));
  const period = refund.locator('dl').first();
  await expect(period.locator(':scope > div').filter({ hasText: r('refund.last.loss') })).toContainText(
    '฿1,000.00',
  );
  await expect(period.locator(':scope > div').filter({ hasText: r('refund.last.amount') })).toContainText(
    '฿50.00',
  );
  await expect(refund.locator('[data-refund-balance]')).toHaveText('฿0.00');
  await expectAccessible(friend);
  await screenshot(friend, 'th/rewards-4-refund-ready', { fullPage: false });

  await refund.getByRole('button', { name: r('refund.last.receive') }).click();
  await expect(toast(friend, filled(r('refund.receiveDone'), { amount: '฿50.00' }))).toBeVisible();
  // Checked again: received, and the ฿50 waits in the refund balance.
  await expect(refund.locator('[data-refund-state="received"]')).toBeVisible();
  await expect(refund.getByRole('button', { name: r('refund.last.receivedButton') })).toBeDisabled();
  await expect(refund.locator('[data-refund-balance]')).toHaveText('฿50.00');
  await expect(refund.getByText(filled(r('refund.history.loss'), { amount: '฿1,000.00' }))).toBeVisible();

  await refund.getByRole('button', { name: r('refund.wallet.button') }).click();
  const move = friend.getByRole('dialog', { name: r('refund.wallet.title') });
  await expect(move.getByText('฿50.00', { exact: true }).first()).toBeVisible();
  await expect(move.getByText(filled(r('grant.success'), { percent: '100' }))).toBeVisible();
  await expect(move.getByText(filled(r('grant.fail'), { percent: '100' }))).toBeVisible();
  await screenshot(friend, 'th/rewards-5-refund-to-wallet', { fullPage: false });
  await move.getByRole('button', { name: r('refund.wallet.confirm') }).click();
  await expect(toast(friend, filled(r('refund.wallet.done'), { amount: '฿50.00' }))).toBeVisible();
  await expect(move).toBeHidden();
  // Checked again: the balance is empty. The refund runs as a bonus now, but holds nothing back.
  await expect(refund.locator('[data-refund-balance]')).toHaveText('฿0.00');
  await expect(refund.getByRole('button', { name: r('refund.wallet.button') })).toBeHidden();
  await expect(refund.getByText(r('refund.bonusNote'))).toBeHidden();
  await screenshot(friend, 'th/rewards-6-refund-moved', { fullPage: false });
  await refund.getByRole('button', { name: t('action.close') }).click();
  await expect(total(friend)).toHaveText('฿1,050.00');

  // Its turnover is not played yet: the withdraw dialog says so as it opens, with no amount to type.
  await friend.getByRole('button', { name: t('home.widgets.withdraw') }).click();
  const withdraw = friend.getByRole('dialog');
  await expect(withdraw.getByRole('alert')).toContainText(e('BONUS_CONDITION'));
  await expect(withdraw.locator('input[name="amount"]')).toHaveCount(0);
  await friendContext.close();
});

// --- Screenshots for a person to look at (not run in CI) -----------------------------------------

/** One member in each state the screenshots show; made once, looked at in every language. */
interface Cast {
  /** Has ฿50 to claim, and two commission rows; a claim succeeds. */
  inviter: string;
  /**
   * Has ฿50 to claim while the first claim's turnover runs: a claim is refused. Lost ฿1,000
   * yesterday too: a refund waits for that bonus.
   */
  refused: string;
  /** Lost ฿1,000 yesterday: a ฿50 refund to receive. */
  loser: string;
}

async function cast(request: APIRequestContext): Promise<Cast> {
  const summary = async (token: string) =>
    (await memberCall(request, token, 'GET', '/api/invite/bonus')) as { inviteCode: string };
  const invitedBy = async (token: string, name: string) =>
    registerMember(request, { inviteCode: (await summary(token)).inviteCode, bankAccountName: name });

  const inviter = await registerMember(request);
  const first = await invitedBy(inviter.token, 'MALI SUKSAN');
  await creditWallet(request, first.token, 60_000);
  await creditWallet(request, first.token, 40_000);
  await playThroughToday(request, first.token, 100_000);

  const refused = await registerMember(request);
  // Lost before the claim: rounds played while a bonus runs are never refunded.
  await creditWallet(request, refused.token, 100_000);
  await loseYesterday(request, refused.token, 100_000);
  const second = await invitedBy(refused.token, 'NOK DEEJAI');
  await creditWallet(request, second.token, 100_000);
  await playThroughToday(request, second.token, 100_000);
  await memberCall(request, refused.token, 'POST', '/api/invite/claim', {});
  await creditWallet(request, second.token, 100_000);
  await playThroughToday(request, second.token, 100_000);

  const loser = await registerMember(request);
  await creditWallet(request, loser.token, 100_000);
  await loseYesterday(request, loser.token, 100_000);
  return { inviter: inviter.token, refused: refused.token, loser: loser.token };
}

const SHOTS = path.join(SCREENSHOTS, 'rewards');

async function home(browser: Browser, language: Locale, width: number, token: string) {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const page = await context.newPage();
  await open(page, '/user/home', { locale: language, token, agreementSeen: true });
  await expect(page.locator('[data-balance="total"]')).toBeVisible();
  return { page, close: () => context.close() };
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

// REWARDS_SCREENSHOTS=1 npx playwright test rewards.spec.ts: every rewards screen in th, lo and
// en at 390 px and 320 px, under e2e/screenshots/rewards/ (about three minutes).
if (process.env.REWARDS_SCREENSHOTS) {
  test('screenshots of every rewards screen', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const members = await cast(request);
    const views = LOCALES.flatMap((language) => [390, 320].map((width) => ({ language, width })));
    const each = async (
      token: string,
      step: (page: Page, rw: (key: string) => string, tx: (key: string) => string) => Promise<void>,
    ) => {
      for (const { language, width } of views) {
        const { page, close } = await home(browser, language, width, token);
        await step(
          page,
          (key) => text(language, key, 'rewards'),
          (key) => text(language, key),
        );
        await shot(page, `${language}-${width}-${step.name}`);
        await close();
      }
    };

    await each(members.inviter, async function homeRow(page) {
      await expect(page.locator('[data-referral-amount]')).not.toHaveText('฿0.00');
    });
    await each(members.loser, async function homeRowEmpty(page) {
      await expect(page.locator('[data-referral-amount]')).toHaveText('฿0.00');
    });
    await each(members.inviter, async function inviteBanners(page, rw, tx) {
      await openReward(page, 'invite', rw, tx);
    });
    await each(members.inviter, async function inviteTop(page, rw, tx) {
      const dialog = await continueToDialog(page, await openReward(page, 'invite', rw, tx), 'invite', rw);
      await expect(dialog.getByRole('img', { name: rw('invite.qr') })).toBeVisible();
      await expect(dialog.getByRole('list')).toBeVisible();
    });
    await each(members.inviter, async function inviteTable(page, rw, tx) {
      const dialog = await continueToDialog(page, await openReward(page, 'invite', rw, tx), 'invite', rw);
      await expect(dialog.getByRole('list')).toBeVisible();
      // The dialog's body scrolls, to the commission table at its end.
      await dialog.locator('div[tabindex="0"]').evaluate((body) => body.scrollTo(0, body.scrollHeight));
    });
    await each(members.inviter, async function claimConfirm(page, rw) {
      await page.getByRole('button', { name: rw('invite.home.receive') }).click();
      await expect(page.getByRole('dialog', { name: rw('invite.claim.title') })).toBeVisible();
    });
    await each(members.refused, async function claimRefused(page, rw) {
      await page.getByRole('button', { name: rw('invite.home.receive') }).click();
      await page
        .getByRole('dialog', { name: rw('invite.claim.title') })
        .getByRole('button', { name: rw('invite.claim.confirm') })
        .click();
      await expect(page.getByRole('status').getByText(/./).first()).toBeVisible();
    });
    await each(members.loser, async function refundBanners(page, rw, tx) {
      await openReward(page, 'refund', rw, tx);
    });
    await each(members.loser, async function refundReady(page, rw, tx) {
      const dialog = await continueToDialog(page, await openReward(page, 'refund', rw, tx), 'refund', rw);
      await expect(dialog.locator('[data-refund-state="ready"]')).toBeVisible();
    });
    await memberCall(request, members.loser, 'GET', '/api/refund/receive');
    await each(members.loser, async function refundReceived(page, rw, tx) {
      const dialog = await continueToDialog(page, await openReward(page, 'refund', rw, tx), 'refund', rw);
      await expect(dialog.locator('[data-refund-state="received"]')).toBeVisible();
      await expect(dialog.getByRole('list')).toBeVisible();
    });
    await each(members.loser, async function refundToWallet(page, rw, tx) {
      const dialog = await continueToDialog(page, await openReward(page, 'refund', rw, tx), 'refund', rw);
      await dialog.getByRole('button', { name: rw('refund.wallet.button') }).click();
      await expect(page.getByRole('dialog', { name: rw('refund.wallet.title') })).toBeVisible();
    });
    await memberCall(request, members.loser, 'GET', '/api/refund/addWallet');
    await each(members.loser, async function refundMoved(page, rw, tx) {
      const dialog = await continueToDialog(page, await openReward(page, 'refund', rw, tx), 'refund', rw);
      await expect(dialog.locator('[data-refund-balance]')).toHaveText('฿0.00');
    });
    await each(members.refused, async function refundBonusRunning(page, rw, tx) {
      const dialog = await continueToDialog(page, await openReward(page, 'refund', rw, tx), 'refund', rw);
      await expect(dialog.getByText(rw('refund.bonusNote'))).toBeVisible();
    });
  });
}
