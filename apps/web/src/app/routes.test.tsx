import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../lib/storage';
import { fakeServer, renderApp } from '../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('routes and guards', () => {
  it('sends / to /user and, without a token, on to /login', async () => {
    fakeServer();
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('sends every /user page to /login without a token', async () => {
    fakeServer();
    for (const page of ['home', 'profile', 'bonus', 'statement', 'contact', 'spin']) {
      const { router, unmount } = await renderApp(`/user/${page}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      unmount();
    }
  });

  it('opens the member shell with a token, /user going to /user/home', async () => {
    fakeServer();
    storage.setToken('token', false);
    const { router } = await renderApp('/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('forgets the session when the logged-out shell opens', async () => {
    fakeServer();
    storage.setToken('token', true);
    storage.markAgreementSeen('agreement-v1');
    await renderApp('/contact');
    await waitFor(() => expect(storage.getToken()).toBeNull());
    expect(storage.hasSeenAgreement()).toBe(false);
  });

  it('logs out to /login and forgets the token', async () => {
    fakeServer();
    storage.setToken('token', true);
    const { router } = await renderApp('/user/home');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storage.getToken()).toBeNull();
  });

  it('speaks Lao by default in Lao mode, unless the member chose a language', async () => {
    fakeServer((url) =>
      url === '/api/lookup/market' ? { body: { market: 'LA', currencies: ['LAK', 'BAHT'] } } : undefined,
    );
    await renderApp('/login', 'th');
    expect(await screen.findByRole('heading', { name: 'ຍິນດີຕ້ອນຮັບກັບມາ' })).toBeTruthy();
  });

  it('shows Page Not Found for any other path', async () => {
    fakeServer();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('goes from /login to /terminated when the service is switched off', async () => {
    fakeServer((url) => (url === '/api/lookup/active' ? { body: { terminated: true } } : undefined));
    const { router } = await renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terminated'));
    expect(await screen.findByRole('heading', { name: 'Service closed' })).toBeTruthy();
  });

  it('checks again from /terminated and goes to /login once the service is back', async () => {
    let terminated = true;
    fakeServer((url) => (url === '/api/lookup/active' ? { body: { terminated } } : undefined));
    const { router } = await renderApp('/terminated');
    const button = await screen.findByRole('button', { name: 'Check again' });
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(router.state.location.pathname).toBe('/terminated');
    terminated = false;
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('never trusts a cached "active" answer on /login', async () => {
    let terminated = false;
    const calls = fakeServer((url) => (url === '/api/lookup/active' ? { body: { terminated } } : undefined));
    const { router } = await renderApp('/login');
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/lookup/active')).toHaveLength(1));
    terminated = true;
    await router.navigate('/howto');
    await screen.findByRole('heading', { name: 'How to use' });
    await router.navigate('/login');
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/lookup/active').length).toBeGreaterThan(1),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/terminated'));
  });

  it('goes to /terminated when any call answers gone', async () => {
    fakeServer((url) =>
      url === '/api/lookup/howto' ? { status: 410, body: { message: 'gone' } } : undefined,
    );
    const { router } = await renderApp('/howto');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terminated'));
  });

  it('opens the conditions modal from the member menu with the server rules', async () => {
    fakeServer((url) =>
      url === '/api/lookup/conditions'
        ? { body: { conditions: ['<p>One account per person</p>', '<p>Second <strong>rule</strong></p>'] } }
        : undefined,
    );
    storage.setToken('token', false);
    await renderApp('/user/home');
    await userEvent.click(screen.getByRole('button', { name: 'Rules' }));
    expect(await screen.findByText('One account per person')).toBeTruthy();
    expect(screen.getByText('rule').tagName).toBe('STRONG');
  });
});
