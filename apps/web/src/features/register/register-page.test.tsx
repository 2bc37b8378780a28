import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fakeServer, renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const OTP = { otpRef: 'AB12', otpToken: 'A'.repeat(43) };

/** A server that accepts the whole registration, recording what it got. */
function happyServer(overrides: Record<string, { status?: number; body: unknown }> = {}) {
  return fakeServer((url) => {
    if (url in overrides) return overrides[url];
    if (url === '/api/otp/send') return { body: OTP };
    if (url === '/api/otp/verify') return { body: { code: 'OTP_CODE_VALID' } };
    if (url === '/api/account/validate') return { body: { ok: true } };
    if (url === '/api/account') return { body: { id: '100001' } };
    return undefined;
  });
}

async function fillPhone(phone = '0812345678') {
  await userEvent.type(await screen.findByLabelText('Phone number'), phone);
  await userEvent.click(screen.getByRole('button', { name: /Send code/ }));
}

async function fillProfile(password = 'secret-1', confirm = password) {
  await userEvent.type(await screen.findByLabelText('Display name'), 'Somchai');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.selectOptions(screen.getByLabelText('How did you hear about us?'), 'FACEBOOK');
  await userEvent.click(screen.getByRole('button', { name: /Next/ }));
}

describe('registration wizard', () => {
  it('shows the 10-digit rule before sending anything', async () => {
    const calls = happyServer();
    await renderApp('/register', 'th');
    await userEvent.type(await screen.findByLabelText('เบอร์โทรศัพท์'), '08123');
    await userEvent.click(screen.getByRole('button', { name: /ส่งรหัส/ }));
    expect(await screen.findByText('เบอร์โทรศัพท์ต้องมี 10 หลัก')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/otp/send')).toBe(false);
  });

  it('goes phone, code, profile, bank, then to /login 2 s after the success toast', async () => {
    const calls = happyServer();
    const { router } = await renderApp('/register');
    await fillPhone('081-234-5678');
    expect(bodyOf(calls.find((call) => call.url === '/api/otp/send')!)).toEqual({
      phoneNumber: '0812345678',
    });
    expect(await screen.findByText('AB12')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code from SMS'), '123456');
    await userEvent.click(screen.getByRole('button', { name: /Verify/ }));
    expect(bodyOf(calls.find((call) => call.url === '/api/otp/verify')!)).toEqual({
      otpToken: OTP.otpToken,
      otpCode: '123456',
    });
    await fillProfile();
    expect(await screen.findByLabelText('Bank')).toBeTruthy();
    expect(bodyOf(calls.find((call) => call.url === '/api/account/validate')!)).toMatchObject({
      otpToken: OTP.otpToken,
      username: '0812345678',
      name: 'Somchai',
    });
    await userEvent.selectOptions(screen.getByLabelText('Bank'), 'SCB');
    await userEvent.type(screen.getByLabelText('Account number'), '1234567890');
    await userEvent.type(screen.getByLabelText('First name'), 'somchai');
    await userEvent.type(screen.getByLabelText('Last name'), 'jaidee');
    // Upper-cased as typed.
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('SOMCHAI');
    expect(screen.queryByLabelText('Currency')).toBeNull();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: /Create my account/ }));
    expect(await screen.findByText('Your account is ready. Please log in.')).toBeTruthy();
    expect(bodyOf(calls.find((call) => call.url === '/api/account')!)).toEqual({
      name: 'Somchai',
      username: '0812345678',
      password: 'secret-1',
      sourceCode: 'FACEBOOK',
      inviteCode: '',
      bankCode: 'SCB',
      bankAccountNo: '1234567890',
      bankAccountName: 'SOMCHAI JAIDEE',
      currency: 'BAHT',
      // The verified code's token proves this visitor holds the phone.
      otpToken: OTP.otpToken,
    });
    expect(router.state.location.pathname).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('skips the code step when the phone is verified already, and when OTP is off', async () => {
    happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    const first = await renderApp('/register');
    await fillPhone();
    expect(await screen.findByLabelText('Display name')).toBeTruthy();
    first.unmount();

    const calls = happyServer({ '/api/lookup/registerOTP': { body: { registerOTP: false } } });
    await renderApp('/register');
    await userEvent.type(await screen.findByLabelText('Phone number'), '0812345678');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByLabelText('Display name')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/otp/send')).toBe(false);
  });

  it('shows server errors as a red toast and stays on the step', async () => {
    happyServer({ '/api/otp/verify': { status: 400, body: { message: 'OTP_CODE_INVALID' } } });
    await renderApp('/register');
    await fillPhone();
    await userEvent.type(await screen.findByLabelText('Code from SMS'), '000000');
    await userEvent.click(screen.getByRole('button', { name: /Verify/ }));
    const toast = await screen.findByText(/code is incorrect|code you entered/i);
    expect(toast.closest('div')?.className).toMatch(/rose/);
    expect(screen.getByLabelText('Code from SMS')).toBeTruthy();
  });

  it("refuses passwords that don't match without asking the server", async () => {
    const calls = happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    await renderApp('/register');
    await fillPhone();
    await fillProfile('secret-1', 'secret-2');
    expect(await screen.findByText("Passwords don't match.")).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/account/validate')).toBe(false);
  });

  it('refuses a common password without asking the server', async () => {
    const calls = happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    await renderApp('/register');
    await fillPhone();
    await fillProfile('Password1');
    expect(await screen.findByText(/too common/)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/account/validate')).toBe(false);
  });

  it('wants English names at KTB', async () => {
    happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    await renderApp('/register');
    await fillPhone();
    await fillProfile();
    await userEvent.selectOptions(await screen.findByLabelText('Bank'), 'KTB');
    await userEvent.type(screen.getByLabelText('Account number'), '1234567890');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'สมชาย' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'ใจดี' } });
    await userEvent.click(screen.getByRole('button', { name: /Create my account/ }));
    expect(await screen.findAllByText(/English/)).not.toHaveLength(0);
  });

  it('remembers the inviter code of the link and locks it', async () => {
    happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    await renderApp('/register?code=pr100042');
    await fillPhone();
    const invite = await screen.findByLabelText<HTMLInputElement>('Invite code');
    expect(invite.value).toBe('PR100042');
    expect(invite.readOnly).toBe(true);
    expect(localStorage.getItem('inviterCode')).toBe('PR100042');
  });

  it('offers kip or baht in Lao mode, kip first', async () => {
    localStorage.setItem('locale', 'en'); // chosen, so Lao mode keeps English
    happyServer({
      '/api/otp/send': { body: { code: 'OTP_VERIFIED' } },
      '/api/lookup/market': { body: { market: 'LA', currencies: ['LAK', 'BAHT'] } },
    });
    await renderApp('/register');
    await fillPhone('02055123456');
    await fillProfile();
    const currency = await screen.findByLabelText<HTMLSelectElement>('Currency');
    expect(currency.value).toBe('LAK');
  });
});
