import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type Locale } from '@wallet/contract/constants';
import { text } from './texts';

export const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

/**
 * `page` fails its test when the browser reports a Content-Security-Policy violation or an
 * uncaught error: the built app must run under the server's real headers.
 */
export const test = base.extend<{ browserProblems: string[] }>({
  browserProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
          problems.push(`console: ${message.text()}`);
        }
      });
      await use(problems);
      expect(problems, 'browser problems').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Opens `url` with the member's language (and a session token) already stored. */
export async function open(
  page: Page,
  url: string,
  options: { locale: Locale; token?: string; agreementSeen?: boolean },
) {
  // The agreement is remembered by the version accepted (decision 059): the one the server answers.
  const agreement = options.agreementSeen
    ? (
        (await (await page.request.get('/api/lookup/agreements', { headers: clientHeaders })).json()) as {
          version: string;
        }
      ).version
    : null;
  await page.addInitScript(
    ({ locale, token, agreement }) => {
      localStorage.setItem('locale', locale);
      if (token) sessionStorage.setItem('token', token);
      if (agreement) localStorage.setItem('agreement', agreement);
    },
    { locale: options.locale, token: options.token, agreement },
  );
  await page.goto(url);
}

/**
 * Saves a full-page screenshot under e2e/screenshots/<name>.png for a person to look at, when
 * E2E_SCREENSHOTS is set: nothing compares them, so CI does not spend its minutes on them.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const file = path.join(SCREENSHOTS, `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  // Fonts decide line breaks in Thai and Lao: wait for them before the picture.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
}

/** No serious or critical accessibility violation on what the page shows now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'accessibility violations',
  ).toEqual([]);
}

/** Calls a sandbox helper of the server, as the member app would. */
export async function sandbox(request: APIRequestContext, url: string, data: unknown) {
  const response = await request.post(url, { data, headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE } });
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return response.json() as Promise<unknown>;
}

const clientHeaders = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };

/** The code the sandbox SMS gateway of `base` delivered to `phone` last. */
export async function smsCode(request: APIRequestContext, phone: string, base = ''): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`${base}/api/sandbox/sms?phone=${phone}`, {
        headers: clientHeaders,
      });
      const { messages } = (await response.json()) as { messages: { code: string }[] };
      code = messages[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function call<T>(request: APIRequestContext, url: string, data: unknown, headers = {}): Promise<T> {
  const response = await request.post(url, { data, headers: { ...clientHeaders, ...headers } });
  expect(response.ok(), `${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json() as Promise<T>;
}

/**
 * A new member of the Thai market, registered through the same calls the wizard makes (its
 * screens are covered by accounts.spec.ts): phone, SMS code, profile and bank. Signed in.
 * NOTE: members invited by one another need other bank account names: the same name is a
 * self-referral, which earns nothing (decision 020).
 */
export async function registerMember(
  request: APIRequestContext,
  options: { inviteCode?: string; bankAccountName?: string; bankAccountNo?: string } = {},
) {
  const phone = `08${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const password = 'Wallet-test-7395';
  const bankAccountNo =
    options.bankAccountNo ?? `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const sent = await call<{ otpToken?: string }>(request, '/api/otp/send', { phoneNumber: phone });
  const otpToken = sent.otpToken!;
  await call(request, '/api/otp/verify', { otpToken, otpCode: await smsCode(request, phone) });
  await call(request, '/api/account', {
    name: 'Somchai',
    username: phone,
    password,
    sourceCode: 'FRIEND',
    inviteCode: options.inviteCode ?? '',
    otpToken,
    bankCode: 'SCB',
    bankAccountNo,
    bankAccountName: options.bankAccountName ?? 'SOMCHAI JAIDEE',
    currency: 'BAHT',
  });
  const { token } = await call<{ token: string }>(request, '/api/login', { username: phone, password });
  return { phone, password, token, bankCode: 'SCB', bankAccountNo };
}

/** Sandbox only: puts `amount` minor units into the member's wallet, as a deposit would. */
export async function creditWallet(request: APIRequestContext, token: string, amount: number) {
  return call(
    request,
    '/api/sandbox/credit',
    { amount },
    { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  );
}

/**
 * A new member (registerMember), `credit` in the wallet if given, on `url` (Home unless given) in
 * `locale`, past the member agreement: the start of most member flows.
 */
export async function memberOn(
  page: Page,
  request: APIRequestContext,
  options: { locale: Locale; credit?: number; url?: string },
) {
  const member = await registerMember(request);
  if (options.credit) await creditWallet(request, member.token, options.credit);
  await open(page, options.url ?? '/user/home', {
    locale: options.locale,
    token: member.token,
    agreementSeen: true,
  });
  return member;
}

/**
 * Waits until no open dialog holds a history entry (decision 025): a dialog closing pops its
 * entry, and a page load started before that pop lands would be cut short by it.
 */
export async function dialogsClosed(page: Page) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForFunction(() => !JSON.stringify(window.history.state ?? {}).includes('walletDialog'));
}

/**
 * The member's latest deposit (a sandbox credit is one) may still claim an offer, so moving money
 * into a game asks first (issue 31, decision 070): the member goes on without claiming.
 */
export async function goOnWithoutOffer(page: Page, locale: Locale, proceed: 'moveAnyway' | 'playAnyway') {
  await page
    .getByRole('dialog', { name: text(locale, 'offer.warnTitle', 'home') })
    .getByRole('button', { name: text(locale, `offer.${proceed}`, 'home') })
    .click();
}
