import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers';
import { fakeServer, renderApp, renderWithProviders } from '../../test/render-app';
import { memberServer, profileResponse, signIn, walletResponse } from '../../test/wallet-data';
import { LoginPage } from './login-page';

afterEach(() => vi.unstubAllGlobals());

describe('login page', () => {
  it('asks for both fields before it sends anything', async () => {
    const calls = fakeServer();
    await renderWithProviders(<LoginPage />, { path: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('Please fill in this field.')).toHaveLength(2);
    expect(calls.some((call) => call.url === '/api/login')).toBe(false);
  });

  it('shows and hides the password with a button whose label says what a tap does', async () => {
    fakeServer();
    await renderWithProviders(<LoginPage />, { path: '/login' });
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show.hasAttribute('aria-pressed')).toBe(false);
    await userEvent.click(show);
    expect(password.getAttribute('type')).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide.hasAttribute('aria-pressed')).toBe(false);
    await userEvent.click(hide);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('suggests every Thai mobile prefix in the phone field, not 08 alone', async () => {
    fakeServer();
    await renderWithProviders(<LoginPage />, { path: '/login', locale: 'th' });
    const placeholder = (await screen.findByLabelText('เบอร์โทรศัพท์')).getAttribute('placeholder') ?? '';
    for (const prefix of ['06', '08', '09']) expect(placeholder).toContain(prefix);
  });

  it('shows the translated server error inline', async () => {
    fakeServer((url) =>
      url === '/api/login' ? { status: 401, body: { message: 'WRONG_CREDENTIAL' } } : undefined,
    );
    await renderWithProviders(<LoginPage />, { path: '/login', locale: 'th' });
    await userEvent.type(screen.getByLabelText('เบอร์โทรศัพท์'), '0812345678');
    await userEvent.type(screen.getByLabelText('รหัสผ่าน'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง/);
  });

  it('stores the token only for the session unless remember me is kept', async () => {
    fakeServer((url) => (url === '/api/login' ? { body: { token: 'tok-1' } } : undefined));
    const { router } = await renderApp('/login');
    await userEvent.type(screen.getByLabelText('Phone number'), '0812345678');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByLabelText('Remember me on this device'));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('fetches the member area once the form is first touched, not while the page only shows', async () => {
    fakeServer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'requestIdleCallback'] as never });
    const prefetch = vi.fn(() => Promise.resolve());
    try {
      const router = createMemoryRouter([{ path: '/login', element: <LoginPage prefetch={prefetch} /> }], {
        initialEntries: ['/login'],
      });
      render(
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>,
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(prefetch).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
    const phone = await screen.findByLabelText('Phone number');
    await userEvent.click(phone);
    await userEvent.click(screen.getByLabelText('Password'));
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});

describe('signing in after another member on the same phone', () => {
  it('shows none of the previous member’s answers while the new member’s load', async () => {
    signIn();
    let name = 'Somchai';
    let holdProfile = false;
    memberServer(
      () => walletResponse(50_000),
      (url) => {
        if (url === '/api/login') return { body: { token: 'tok-2' } };
        if (url === '/api/logout') return { body: { ok: true } };
        if (url === '/api/account/profile' && !holdProfile)
          return { body: { ...profileResponse, profile: { ...profileResponse.profile, name } } };
        return undefined;
      },
    );
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) =>
      // The second member's profile is slow to come (a phone on mobile data).
      input === '/api/account/profile' && holdProfile ? new Promise<Response>(() => {}) : answer(input, init),
    );
    const { router } = await renderApp('/user/home');
    expect(await screen.findByText(/Somchai/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    name = 'Malee';
    holdProfile = true;
    await userEvent.type(await screen.findByLabelText('Phone number'), '0898765432');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    await screen.findByRole('region', { name: 'Quick actions' });
    expect(screen.queryByText(/Somchai/)).toBeNull();
  });
});
