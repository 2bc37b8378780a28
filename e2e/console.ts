import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import type { Locale } from '@wallet/contract/constants';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import type { StaffRole } from '@wallet/contract/staff-roles';
import { expect, sandbox } from './fixtures';

const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };

/**
 * A staff member of `role`, signed in through the API (password, enrolment, code) with the page's
 * own request context, so the session's cookie lands in the page's browser (decision 047); answers
 * the session's CSRF token, which the console keeps in localStorage.
 */
export async function staffToken(request: APIRequestContext, role: StaffRole): Promise<string> {
  const staff = {
    username: `desk-${randomBytes(4).toString('hex')}`,
    name: `Desk ${role}`,
    password: 'Desk-password-4821',
    role,
  };
  await sandbox(request, '/api/sandbox/staff', staff);
  const first = (await (await request.post('/api/console/login', { data: staff, headers })).json()) as {
    challenge: string;
    secret: string;
  };
  const signedIn = await request.post('/api/console/login/totp', {
    data: { challenge: first.challenge, code: await generate({ secret: first.secret }) },
    headers,
  });
  expect(signedIn.ok()).toBe(true);
  return ((await signedIn.json()) as { csrfToken: string }).csrfToken;
}

/** Opens a console page at `width` in `locale`, with the staff session of `token`. */
export async function openConsole(page: Page, path: string, token: string, locale: Locale, width: number) {
  await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
  await page.addInitScript(
    ({ locale, token }) => {
      localStorage.setItem('locale', locale);
      localStorage.setItem('staffCsrf', token);
    },
    { locale, token },
  );
  await page.goto(path);
}
