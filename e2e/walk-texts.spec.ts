import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, LOCALES, type Locale } from '@wallet/contract/constants';
import { creditWallet, expect, open, registerMember, screenshot, test } from './fixtures';
import { text } from './texts';

/**
 * The member screens whose texts issue 31 (items 14 to 19) changed, in th, lo and en at 390 x 844
 * and 320 x 640, for a person to look at (E2E_SCREENSHOTS=1): the sign-in page's phone
 * placeholder, the agreement's accept button, a slip's REVIEW pill in the statement, the refund
 * dialog's refund-to-wallet button and its terms, and the chat's welcome (support is เจ้าหน้าที่).
 * Each checks that the short labels keep one line.
 */

const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
/** One of the operator's receiving accounts in the demo reference data. */
const OPERATOR_ACCOUNT = '4078823156';
const SIZES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];
const MARKET_OFFSET = 7 * 3_600_000;
const DAY = 86_400_000;
const CLOSE_GRACE = 10 * 60_000;

/** Screenshots for a person to look at: the test exists only with E2E_SCREENSHOTS (none skipped in CI). */
const shoot = process.env.E2E_SCREENSHOTS ? test : null;
test.use({ timezoneId: 'Asia/Bangkok' });

/** 02:00 market time of the last day the server has closed (as rewards.spec.ts). */
function lastClosedDayAt2am(now = Date.now()): string {
  const today = Math.floor((now - CLOSE_GRACE + MARKET_OFFSET) / DAY);
  return new Date((today - 1) * DAY - MARKET_OFFSET + 2 * 3_600_000).toISOString();
}

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) {
  const response = await request.fetch(url, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  });
  const answer = await response.text();
  expect(response.ok() || answer.includes('SLOT_ALREADY_ACTIVE'), `${url}: ${answer}`).toBe(true);
}

/** A member whose slip's sender could not be confirmed: it waits for staff (REVIEW). */
async function slipForReview(request: APIRequestContext) {
  const accountNo = `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const transfer = await request.post('/api/sandbox/bank/transfer', {
    data: { fromBankCode: 'SCB', fromAccountNo: accountNo, toAccountNo: OPERATOR_ACCOUNT, amount: 150_000 },
    headers,
  });
  expect(transfer.ok()).toBe(true);
  const member = await registerMember(request, { bankAccountNo: accountNo });
  await request.post('/api/wallet/slip', {
    multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: await transfer.body() } },
    headers: { ...headers, authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
  });
  return member;
}

/** A member who lost ฿1,000 yesterday and received the ฿50 refund: it waits in the refund balance. */
async function refundWaiting(request: APIRequestContext) {
  const member = await registerMember(request);
  await creditWallet(request, member.token, 100_000);
  await call(request, member.token, 'GET', '/api/wallet/activate/JOKER');
  await call(request, member.token, 'POST', '/api/wallet/transfer', {
    from: 'wallet',
    to: 'JOKER',
    amount: 100_000,
  });
  await call(request, member.token, 'POST', '/api/sandbox/provider/JOKER/rounds', {
    count: 10,
    bet: 10_000,
    win: 0,
    playedAt: lastClosedDayAt2am(),
  });
  await call(request, member.token, 'GET', '/api/refund/receive');
  return member;
}

/** A button's text on one line: its height is that of one line of its font plus padding. */
async function oneLine(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toBeVisible();
  // The lines its words take: the distinct tops of their text's boxes (an icon is no line).
  const lines = await button.evaluate((element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
  expect(lines, `${name} wraps`).toBe(1);
}

shoot?.('texts of issue 31 in three languages at 390 and 320 wide', async ({ browser, request }) => {
  test.setTimeout(600_000);
  const reviewer = await slipForReview(request);
  const loser = await refundWaiting(request);
  // WELCOME100 on a ฿200 deposit: a running bonus, its floor and its cancel terms.
  const bonused = await registerMember(request);
  await creditWallet(request, bonused.token, 20_000);
  await call(request, bonused.token, 'GET', '/api/bonus/activate/WELCOME100');
  for (const locale of LOCALES as readonly Locale[]) {
    for (const size of SIZES) {
      const tag = `${locale}/walk-${size.width}`;
      const context = await browser.newContext({
        viewport: size,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();

      await open(page, '/login', { locale });
      await expect(page.locator('input[name="username"]')).toHaveAttribute(
        'placeholder',
        text(locale, 'login.phonePlaceholder'),
      );
      await screenshot(page, `${tag}-login`, { fullPage: false });
      await page.getByRole('button', { name: text(locale, 'launcher.open', 'chat') }).click();
      await expect(page.getByText(text(locale, 'panel.welcomeText', 'chat'))).toBeVisible();
      await screenshot(page, `${tag}-chat-welcome`, { fullPage: false });
      await context.close();

      const agreement = await browser.newContext({
        viewport: size,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const home = await agreement.newPage();
      await open(home, '/user/home', { locale, token: reviewer.token });
      await oneLine(home, text(locale, 'agreement.accept'));
      await screenshot(home, `${tag}-agreement`, { fullPage: false });
      await agreement.close();

      const member = await browser.newContext({
        viewport: size,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const statement = await member.newPage();
      await open(statement, '/user/statement', { locale, token: reviewer.token, agreementSeen: true });
      // A slip waiting for staff: its pill in the slip status sheet.
      await statement.getByRole('button', { name: text(locale, 'statement.slips') }).click();
      const pill = statement
        .getByRole('dialog')
        .getByText(text(locale, 'statement.status.REVIEW'), { exact: true })
        .first();
      await expect(pill).toBeVisible();
      expect((await pill.boundingBox())!.height).toBeLessThan(30);
      await screenshot(statement, `${tag}-statement-review`, { fullPage: false });
      await member.close();

      const rewards = await browser.newContext({
        viewport: size,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const refund = await rewards.newPage();
      await open(refund, '/user/home', { locale, token: loser.token, agreementSeen: true });
      await refund.getByRole('button', { name: text(locale, 'home.widgets.refund') }).click();
      await refund.getByRole('button', { name: text(locale, 'banners.continue', 'rewards') }).click();
      const dialog = refund.getByRole('dialog', { name: text(locale, 'refund.title', 'rewards') });
      await expect(dialog.locator('[data-refund-balance]')).toHaveText('฿50.00');
      await oneLine(refund, text(locale, 'refund.wallet.button', 'rewards'));
      await screenshot(refund, `${tag}-refund`, { fullPage: false });
      await dialog
        .getByRole('heading', { name: text(locale, 'refund.terms.title', 'rewards') })
        .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await screenshot(refund, `${tag}-refund-terms`, { fullPage: false });
      await rewards.close();

      const grant = await browser.newContext({
        viewport: size,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const bonus = await grant.newPage();
      await open(bonus, '/user/bonus', { locale, token: bonused.token, agreementSeen: true });
      await expect(bonus.getByText(text(locale, 'turnover.floor', 'bonus'))).toBeVisible();
      await screenshot(bonus, `${tag}-bonus-running`, { fullPage: false });
      await bonus.getByRole('button', { name: text(locale, 'bonus.cancel.button', 'bonus') }).click();
      const cancel = bonus.getByRole('dialog', { name: text(locale, 'bonus.cancel.title', 'bonus') });
      await expect(cancel).toBeVisible();
      await screenshot(bonus, `${tag}-bonus-cancel`, { fullPage: false });
      await grant.close();
    }
  }
});
