import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import lo from '../../locales/lo/common.json';
import loRegister from '../../locales/lo/register.json';
import { bodyOf, fakeServer, renderApp, renderWithProviders } from '../../test/render-app';
import { RegisterPage } from './register-page';

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
    if (url === '/api/account/invite-code') return { body: { exists: true } };
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
    await renderWithProviders(<RegisterPage />, { path: '/register', locale: 'th' });
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
    // The new member signs in with the phone filled in (issue 16), and the draft is gone.
    expect((await screen.findByLabelText<HTMLInputElement>('Phone number')).value).toBe('0812345678');
    expect(sessionStorage.getItem('registerDraft')).toBeNull();
  });

  it("refuses an account number that is not the bank's length before sending it (issue 25)", async () => {
    const calls = happyServer();
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    await userEvent.type(await screen.findByLabelText('Code from SMS'), '123456');
    await userEvent.click(screen.getByRole('button', { name: /Verify/ }));
    await fillProfile();
    await userEvent.selectOptions(await screen.findByLabelText('Bank'), 'SCB');
    // The bank's length is told under the field, from the banks lookup.
    expect(screen.getByText('10 digits, as on your bank book')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Account number'), '01234567890');
    await userEvent.type(screen.getByLabelText('First name'), 'somchai');
    await userEvent.type(screen.getByLabelText('Last name'), 'jaidee');
    await userEvent.click(screen.getByRole('button', { name: /Create my account/ }));
    expect(
      await screen.findByText(
        "The account number does not have as many digits as this bank's account numbers.",
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/account')).toBe(false);
  });

  it('skips the code step when the phone is verified already, and when OTP is off', async () => {
    happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    const first = await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    expect(await screen.findByLabelText('Display name')).toBeTruthy();
    first.unmount();

    const calls = happyServer({ '/api/lookup/registerOTP': { body: { registerOTP: false } } });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await userEvent.type(await screen.findByLabelText('Phone number'), '0812345678');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByLabelText('Display name')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/otp/send')).toBe(false);
  });

  it('says how many tries a wrong code leaves, asks for a new code after the last, and clears on success', async () => {
    let answers = [
      { status: 400, body: { message: 'OTP_CODE_INVALID', triesLeft: 4 } },
      { status: 400, body: { message: 'OTP_CODE_INVALID', triesLeft: 1 } },
      { status: 429, body: { message: 'OTP_BLOCK' } },
    ];
    happyServer();
    fakeServer((url) => {
      if (url === '/api/otp/send') return { body: OTP };
      if (url === '/api/otp/verify') {
        const [next, ...rest] = answers;
        answers = rest;
        return next ?? { body: { code: 'OTP_CODE_VALID' } };
      }
      return undefined;
    });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    const field = await screen.findByLabelText('Code from SMS');
    const verify = async (code: string) => {
      const input = await screen.findByLabelText('Code from SMS');
      await userEvent.clear(input);
      await userEvent.type(input, code);
      await userEvent.click(screen.getByRole('button', { name: /Verify/ }));
    };
    const message = () => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    await verify('000000');
    await waitFor(() => expect(message()).toBe('That code is not right. You have 4 more tries.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await verify('000001');
    await waitFor(() =>
      expect(message()).toBe('That code is not right. You have 1 more try, then you will need a new code.'),
    );
    await verify('000002');
    await waitFor(() =>
      expect(message()).toBe('Too many wrong codes: this code no longer works. Please ask for a new code.'),
    );
    expect(screen.queryByText(/wait a moment/)).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Verify/ }).disabled).toBe(true);
    // A new code, then the right one: nothing of the wrong ones is left on screen.
    answers = [];
    await userEvent.click(screen.getByRole('button', { name: /Change number/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Send code/ }));
    await verify('123456');
    expect(await screen.findByLabelText('Display name')).toBeTruthy();
    expect(screen.queryByText(/code is not right|wrong codes|code is incorrect/)).toBeNull();
  });

  it('still shows a failure that is not about the code as a red toast', async () => {
    happyServer({ '/api/otp/verify': { status: 502, body: { message: 'OTP_VERIFY_FAIL' } } });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    await userEvent.type(await screen.findByLabelText('Code from SMS'), '000000');
    await userEvent.click(screen.getByRole('button', { name: /Verify/ }));
    const toast = await screen.findByRole('status');
    await waitFor(() => expect(toast.textContent).not.toBe(''));
    expect(toast.innerHTML).toMatch(/rose/);
    expect(screen.getByLabelText('Code from SMS')).toBeTruthy();
  });

  it('keeps what was typed, never the password, across leaving and a reload of the tab', async () => {
    happyServer();
    const first = await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    await userEvent.type(await screen.findByLabelText('Code from SMS'), '123456');
    await userEvent.click(screen.getByRole('button', { name: /Verify/ }));
    await fillProfile();
    await userEvent.selectOptions(await screen.findByLabelText('Bank'), 'SCB');
    await userEvent.type(screen.getByLabelText('Account number'), '1234567890');
    await userEvent.type(screen.getByLabelText('First name'), 'somchai');
    expect(sessionStorage.getItem('registerDraft')).not.toContain('secret-1');
    first.unmount();

    // The tab comes back (a reload, or Forward after leaving): all but the password is there.
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    expect((await screen.findByLabelText<HTMLInputElement>('Display name')).value).toBe('Somchai');
    expect(
      screen.getByText('For your safety we do not keep passwords. Please type your password again.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    await screen.findByRole('option', { name: 'Facebook' });
    expect(screen.getByLabelText<HTMLSelectElement>('How did you hear about us?').value).toBe('FACEBOOK');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect((await screen.findByLabelText<HTMLInputElement>('Account number')).value).toBe('1234567890');
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('SOMCHAI');
  });

  it('goes back from the profile to the verified code, which stays verified', async () => {
    const calls = happyServer();
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    await userEvent.type(await screen.findByLabelText('Code from SMS'), '123456');
    await userEvent.click(screen.getByRole('button', { name: /Verify/ }));
    await userEvent.type(await screen.findByLabelText('Display name'), 'Somchai');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('0812345678 is verified. You do not need a new code.')).toBeTruthy();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toMatch(/Verify/);
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect((await screen.findByLabelText<HTMLInputElement>('Display name')).value).toBe('Somchai');
    expect(calls.filter((call) => call.url === '/api/otp/verify')).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/otp/send')).toHaveLength(1);
  });

  it('asks before leaving with something typed, in the app and when the tab closes', async () => {
    happyServer();
    const { router } = await renderApp('/register');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(await screen.findByLabelText('Phone number'), '0812');
    expect(unload()).toBe(true);
    await act(() => router.navigate('/howto'));
    const ask = await screen.findByRole('dialog', { name: 'Leave registration?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('0812');
    await act(() => router.navigate('/howto'));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave registration?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/howto'));
    await screen.findByRole('heading', { name: 'How to use' });
    // Kept for the session: back on the wizard, the number is there.
    await act(() => router.navigate('/register'));
    expect((await screen.findByLabelText<HTMLInputElement>('Phone number')).value).toBe('0812');
  });

  it('marks a registered phone and leads to sign-in with it filled in', async () => {
    happyServer({ '/api/otp/send': { status: 409, body: { message: 'EXISTING_USER' } } });
    const { router } = await renderApp('/register');
    await fillPhone();
    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This phone number is already registered.',
    );
    await userEvent.click(screen.getByRole('link', { name: /Log in with it/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByLabelText<HTMLInputElement>('Phone number')).value).toBe('0812345678');
  });

  it('marks a registered bank account and offers support', async () => {
    happyServer({
      '/api/otp/send': { body: { code: 'OTP_VERIFIED' } },
      '/api/account': { status: 409, body: { message: 'EXISTING_BANK' } },
    });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    await fillProfile();
    await userEvent.selectOptions(await screen.findByLabelText('Bank'), 'SCB');
    await userEvent.type(screen.getByLabelText('Account number'), '1234567890');
    await userEvent.type(screen.getByLabelText('First name'), 'somchai');
    await userEvent.type(screen.getByLabelText('Last name'), 'jaidee');
    await userEvent.click(screen.getByRole('button', { name: /Create my account/ }));
    const account = screen.getByLabelText('Account number');
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('link', { name: /Contact support/ }).getAttribute('href')).toBe('/contact');
  });

  it('tells a name that mixes Thai and English on the name that breaks the rule', async () => {
    happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    await fillProfile();
    await userEvent.selectOptions(await screen.findByLabelText('Bank'), 'KTB');
    await userEvent.type(screen.getByLabelText('Account number'), '1234567890');
    await userEvent.type(screen.getByLabelText('First name'), 'somchai');
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'ใจดี' } });
    await userEvent.click(screen.getByRole('button', { name: /Create my account/ }));
    await waitFor(() => expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBeNull();
    // Where Thai names are allowed, mixing the alphabets is what is refused.
    await userEvent.selectOptions(screen.getByLabelText('Bank'), 'SCB');
    await userEvent.click(screen.getByRole('button', { name: /Create my account/ }));
    // Told once, under both names (both marked).
    const mixed = await screen.findByText(/mixes Thai and English letters/);
    for (const label of ['First name', 'Last name']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByLabelText(label).getAttribute('aria-describedby')).toBe(mixed.id);
    }
  });

  it("refuses passwords that don't match without asking the server", async () => {
    const calls = happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    await fillProfile('secret-1', 'secret-2');
    expect(await screen.findByText("Passwords don't match.")).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/account/validate')).toBe(false);
  });

  it('refuses a common password without asking the server', async () => {
    const calls = happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    await fillProfile('Password1');
    expect(await screen.findByText(/too common/)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/account/validate')).toBe(false);
  });

  it('wants English names at KTB', async () => {
    happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
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
    await renderWithProviders(<RegisterPage />, { path: '/register?code=pr100042' });
    await fillPhone();
    const invite = await screen.findByLabelText<HTMLInputElement>('Invite code');
    expect(invite.value).toBe('PR100042');
    expect(invite.readOnly).toBe(true);
    expect(localStorage.getItem('inviterCode')).toBe('PR100042');
  });

  it("drops a link's code no member has, with a note, for good on this phone (issue 31)", async () => {
    localStorage.setItem('inviterCode', 'PRBAD99');
    happyServer({
      '/api/otp/send': { body: { code: 'OTP_VERIFIED' } },
      '/api/account/invite-code': { body: { exists: false } },
    });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone();
    expect(
      await screen.findByText(
        'The invite code PRBAD99 from your link was not found, so it was removed. Type another code, or leave it empty.',
      ),
    ).toBeTruthy();
    const invite = screen.getByLabelText<HTMLInputElement>('Invite code');
    expect(invite.value).toBe('');
    expect(invite.readOnly).toBe(false);
    expect(localStorage.getItem('inviterCode')).toBeNull();
  });

  it('lets the member remove a remembered code that a member has', async () => {
    happyServer({ '/api/otp/send': { body: { code: 'OTP_VERIFIED' } } });
    await renderWithProviders(<RegisterPage />, { path: '/register?code=PR100042' });
    await fillPhone();
    const invite = await screen.findByLabelText<HTMLInputElement>('Invite code');
    expect(invite.readOnly).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the invite code' }));
    expect(screen.getByLabelText<HTMLInputElement>('Invite code').readOnly).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Invite code').value).toBe('');
    expect(localStorage.getItem('inviterCode')).toBeNull();
    expect(screen.queryByText(/was not found/)).toBeNull();
  });

  it('offers kip or baht in Lao mode, kip first', async () => {
    localStorage.setItem('locale', 'en'); // chosen, so Lao mode keeps English
    happyServer({
      '/api/otp/send': { body: { code: 'OTP_VERIFIED' } },
      '/api/lookup/market': { body: { market: 'LA', currencies: ['LAK', 'BAHT'] } },
    });
    await renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPhone('02055123456');
    await fillProfile();
    const currency = await screen.findByLabelText<HTMLSelectElement>('Currency');
    expect(currency.value).toBe('LAK');
  });

  it("lists the banks by their Lao names in Lao mode and shows the chosen bank's badge", async () => {
    const { register: text } = lo;
    fakeServer((url, init) => {
      if (url === '/api/otp/send') return { body: { code: 'OTP_VERIFIED' } };
      if (url === '/api/account/validate') return { body: { ok: true } };
      if (url === '/api/lookup/market') return { body: { market: 'LA', currencies: ['LAK', 'BAHT'] } };
      if (url !== '/api/lookup/banks') return undefined;
      const lao = new Headers(init.headers).get('accept-language') === 'lo';
      const bank = (code: string, name: string, nameTH: string, nameEN: string, market = 'LA') => ({
        code,
        name: lao ? name : nameEN,
        nameTH,
        nameEN,
        market,
        englishNameOnly: false,
        accountNoLengths: [10],
      });
      return {
        body: {
          banks: [
            bank('BCEL', 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ', 'ธนาคารการค้าต่างประเทศลาว', 'BCEL'),
            bank('LDB', 'ທະນາຄານພັດທະນາລາວ', 'ธนาคารพัฒนาลาว', 'Lao Development Bank'),
            bank('SCB', 'ທະນາຄານໄທພານິດ', 'ธนาคารไทยพาณิชย์', 'Siam Commercial Bank', 'TH'),
          ],
        },
      };
    });
    await renderWithProviders(<RegisterPage />, { path: '/register', locale: 'lo' });
    await userEvent.type(await screen.findByLabelText(text.phone), '02055123456');
    await userEvent.click(screen.getByRole('button', { name: new RegExp(text.sendCode) }));
    await userEvent.type(await screen.findByLabelText(text.name), 'Somchai');
    await userEvent.type(screen.getByLabelText(text.password), 'secret-1');
    await userEvent.type(screen.getByLabelText(text.confirmPassword), 'secret-1');
    await userEvent.selectOptions(screen.getByLabelText(text.source), 'FACEBOOK');
    await userEvent.click(screen.getByRole('button', { name: new RegExp(text.next) }));
    const select = await screen.findByLabelText<HTMLSelectElement>(text.bank);
    await waitFor(() =>
      expect([...select.options].map((option) => option.text)).toEqual([
        text.choose,
        'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
        'ທະນາຄານພັດທະນາລາວ',
        'ທະນາຄານໄທພານິດ',
      ]),
    );
    // Grouped by country (issue 32 section 3).
    expect(
      [...select.querySelectorAll('optgroup')].map((group) => [group.label, group.children.length]),
    ).toEqual([
      [loRegister.register.banksOf.LA, 2],
      [loRegister.register.banksOf.TH, 1],
    ]);
    expect(document.querySelector('[data-bank-badge]')).toBeNull();
    await userEvent.selectOptions(select, 'LDB');
    expect(document.querySelector('[data-bank-badge]')?.textContent).toBe('LDB');
    // A Lao bank's account is in kip or baht: asked, the wallet's currency first (decision 069).
    const accountCurrency = screen.getByLabelText<HTMLSelectElement>(loRegister.register.accountCurrency);
    expect(accountCurrency.value).toBe('LAK');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.selectOptions(accountCurrency, 'BAHT');
    expect(screen.getByRole('alert').textContent).toContain(text.currencyBAHT);
    // A Thai bank's account is in baht: not asked, and told plainly against a kip wallet.
    await userEvent.selectOptions(select, 'SCB');
    expect(screen.queryByLabelText(loRegister.register.accountCurrency)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(text.currencyLAK);
  });
});
