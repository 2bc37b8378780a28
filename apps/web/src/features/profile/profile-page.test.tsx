import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '@wallet/contract/constants';
import i18next from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { bodyOf, fakeServer, renderWithProviders } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { ProfilePage } from './profile-page';

const profile = (nameEditable = false) => ({
  profile: {
    _id: '100001',
    username: '0812345678',
    name: 'Somchai',
    coin: 0,
    createdAt: '2026-01-02T03:04:05.000Z',
  },
  bankAccount: {
    bankAccountName: nameEditable ? 'สมชาย ใจดี' : 'SOMCHAI JAIDEE',
    bankAccountNo: '1234567890',
    bank: {
      code: nameEditable ? 'KTB' : 'SCB',
      name: 'ธนาคารไทยพาณิชย์',
      nameTH: 'ธนาคารไทยพาณิชย์',
      nameEN: 'SCB',
    },
    currency: 'BAHT',
    nameEditable,
  },
});

beforeEach(() => storage.setToken('token', false));
afterEach(() => vi.unstubAllGlobals());

describe('profile page', () => {
  it('shows the member, the bank and the account number 3-3-rest', async () => {
    fakeServer((url) => (url === '/api/account/profile' ? { body: profile() } : undefined));
    await renderWithProviders(<ProfilePage />, { path: '/user/profile' });
    expect(await screen.findByText('123-456-7890')).toBeTruthy();
    expect(screen.getByText('0812345678')).toBeTruthy();
    // Named by the banks lookup in the current language, with the bank's badge.
    expect(await screen.findByText('Siam Commercial Bank')).toBeTruthy();
    expect(document.querySelector('[data-bank-badge="SCB"]')?.textContent).toBe('SCB');
    expect(screen.getByText(/ID 100001/)).toBeTruthy();
    expect(screen.getByText(/02\/01\/2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit account name' })).toBeNull();
  });

  it("names a Lao member's bank in Lao, and follows a switch of language", async () => {
    const lao = {
      ...profile(),
      bankAccount: {
        ...profile().bankAccount,
        bankAccountNo: '0101000123456',
        bank: {
          code: 'BCEL',
          name: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
          nameTH: 'ธนาคารการค้าต่างประเทศลาว',
          nameEN: 'BCEL',
        },
      },
    };
    const names: Record<string, string> = {
      lo: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
      th: 'ธนาคารการค้าต่างประเทศลาว',
      en: 'Banque pour le Commerce Extérieur Lao',
    };
    fakeServer((url, init) => {
      if (url === '/api/account/profile') return { body: lao };
      if (url !== '/api/lookup/banks') return undefined;
      const language = new Headers(init.headers).get('accept-language') ?? 'th';
      const bank = {
        code: 'BCEL',
        name: names[language]!,
        nameTH: names.th!,
        nameEN: names.en!,
        market: 'LA',
        englishNameOnly: false,
        accountNoLengths: [10],
      };
      return { body: { banks: [bank] } };
    });
    await renderWithProviders(<ProfilePage />, { path: '/user/profile', locale: 'lo' });
    expect(await screen.findByText('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ')).toBeTruthy();
    expect(document.querySelector('[data-bank-badge="BCEL"]')?.textContent).toBe('BCEL');
    await act(() => i18next.changeLanguage('en'));
    expect(await screen.findByText('Banque pour le Commerce Extérieur Lao')).toBeTruthy();
    expect(screen.queryByText('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ')).toBeNull();
  });

  it('names the bank as the profile does when the banks lookup does not answer', async () => {
    fakeServer((url) =>
      url === '/api/account/profile'
        ? { body: profile() }
        : url === '/api/lookup/banks'
          ? { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } }
          : undefined,
    );
    await renderWithProviders(<ProfilePage />, { path: '/user/profile' });
    expect(await screen.findByText('ธนาคารไทยพาณิชย์')).toBeTruthy();
  });

  it('opens the password change from a labelled row, not a bare padlock (issue 16)', async () => {
    fakeServer((url) => (url === '/api/account/profile' ? { body: profile() } : undefined));
    await renderWithProviders(<ProfilePage />, { path: '/user/profile' });
    const row = await screen.findByRole('button', { name: /Change password/ });
    // The row shows its label and its action in words.
    expect(row.textContent).toBe('PasswordChange password');
    expect(row.getAttribute('aria-label')).toBeNull();
    await userEvent.click(row);
    expect(await screen.findByRole('dialog', { name: 'Change password' })).toBeTruthy();
  });

  it('changes the password: names each empty field, a mismatch and a new password equal to the old, on its field', async () => {
    const calls = fakeServer((url) => {
      if (url === '/api/account/profile') return { body: profile() };
      if (url === '/api/account/changepwd') return { status: 400, body: { message: 'WRONG_PASSWORD' } };
      return undefined;
    });
    await renderWithProviders(<ProfilePage />, { path: '/user/profile' });
    await userEvent.click(await screen.findByRole('button', { name: /Change password/ }));
    const dialog = await screen.findByRole('dialog');
    const submit = () => userEvent.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1)!);
    const describedBy = (label: string) => {
      const field = screen.getByLabelText(label);
      return field.getAttribute('aria-invalid') === 'true'
        ? document.getElementById(field.getAttribute('aria-describedby')!)?.textContent
        : null;
    };
    // Nothing typed: each field says it is missing (the spec's silence left members guessing).
    await submit();
    expect(describedBy('Current password')).toBe('Please fill in this field.');
    expect(describedBy('New password')).toBe('Please fill in this field.');
    expect(describedBy('Confirm new password')).toBe('Please fill in this field.');
    await userEvent.type(screen.getByLabelText('Current password'), 'old-secret');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret');
    await submit();
    expect(describedBy('Current password')).toBeNull();
    expect(describedBy('New password')).toBeNull();
    expect(describedBy('Confirm new password')).toBe('Please fill in this field.');
    expect(dialog.querySelector('[role="alert"]')).toBeNull();
    // The current password again is no change.
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'old-secret');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'old-secret');
    await submit();
    expect(describedBy('New password')).toBe(
      'The new password is the same as your current one. Please choose a different password.',
    );
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret');
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'other-secret');
    await submit();
    const mismatch = await screen.findByText('The new password and its confirmation are not the same.');
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-describedby')).toBe(mismatch.id);
    expect(calls.some((call) => call.url === '/api/account/changepwd')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await submit();
    const wrong = await screen.findByText('The password is incorrect. Please try again.');
    const current = screen.getByLabelText('Current password');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.getAttribute('aria-describedby')).toBe(wrong.id);
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBeNull();
    expect(dialog.querySelector('[role="alert"]')).toBeNull();
    expect(bodyOf(calls.find((call) => call.url === '/api/account/changepwd')!)).toEqual({
      oldPassword: 'old-secret',
      newPassword: 'new-secret',
    });
  });

  it('refuses a common new password without asking the server, in Thai', async () => {
    const calls = fakeServer((url) => (url === '/api/account/profile' ? { body: profile() } : undefined));
    await renderWithProviders(<ProfilePage />, { path: '/user/profile', locale: 'th' });
    await userEvent.click(await screen.findByRole('button', { name: /เปลี่ยนรหัสผ่าน/ }));
    await userEvent.type(screen.getByLabelText('รหัสผ่านปัจจุบัน'), 'old-secret');
    await userEvent.type(screen.getByLabelText('รหัสผ่านใหม่'), 'iloveyou');
    await userEvent.type(screen.getByLabelText('ยืนยันรหัสผ่านใหม่'), 'iloveyou');
    await userEvent.click(screen.getAllByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).at(-1)!);
    const common = await screen.findByText('รหัสผ่านนี้ใช้กันทั่วไปและเดาได้ง่าย กรุณาตั้งรหัสผ่านอื่น');
    // Told on the new password's field, in place of its hint.
    expect(screen.getByLabelText('รหัสผ่านใหม่').getAttribute('aria-describedby')).toBe(common.id);
    expect(screen.getByLabelText('รหัสผ่านใหม่').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.url === '/api/account/changepwd')).toBe(false);
  });

  it('offers the account-name edit only where allowed, and sends it upper case', async () => {
    const calls = fakeServer((url) => {
      if (url === '/api/account/profile') return { body: profile(true) };
      if (url === '/api/account/bankAccountName') return { body: { ...profile(false) } };
      return undefined;
    });
    await renderWithProviders(<ProfilePage />, { path: '/user/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit account name' }));
    await userEvent.type(screen.getByLabelText('Bank account name'), 'somchai jaidee');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/account/bankAccountName')).toBe(true));
    expect(bodyOf(calls.find((call) => call.url === '/api/account/bankAccountName')!)).toEqual({
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
    });
    expect(await screen.findByText('The account name has been updated.')).toBeTruthy();
  });
});

describe('agreement dialog', () => {
  afterEach(() => vi.useRealTimers());

  it('opens 1.5 s after home loads, and not again once accepted', async () => {
    // The delay passes on a fake clock, jumped ahead: the test never waits for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer();
    const first = await renderHome();
    // The delay counts from home's first showing (its chunk loads first).
    await screen.findByRole('heading', { name: 'Home' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(TIMING.agreementDelayMs));
    expect(await screen.findByText('Be 18 or older.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(storage.hasSeenAgreement()).toBe(true);
    first.unmount();
    await renderHome();
    await act(() => vi.advanceTimersByTimeAsync(2 * TIMING.agreementDelayMs));
    expect(screen.queryByText('Be 18 or older.')).toBeNull();
  });
});
