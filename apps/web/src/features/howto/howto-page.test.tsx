import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { renderApp, renderWithProviders } from '../../test/render-app';
import { HowtoPage } from './howto-page';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

const howto = {
  videos: [
    { topic: 'wallet', url: '/media/howto/wallet.mp4' },
    { topic: 'play', url: '/media/howto/play.mp4' },
  ],
};

describe('how-to in the member area', () => {
  it('opens from the profile inside the member shell, and the member stays signed in', async () => {
    memberServer(
      () => walletResponse(5_000),
      (url) => (url === '/api/lookup/howto' ? { body: howto } : undefined),
    );
    const { router } = await renderApp('/user/profile');
    await userEvent.click(await screen.findByRole('link', { name: /How to use/ }, { timeout: 5_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/howto'));
    expect(await screen.findByRole('heading', { name: 'How to use' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Your wallet/ })).toBeTruthy();
    // The member shell: its menu and its log-out button, not the logged-out shell's Register.
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(storage.getToken()).toBe('token');

    await userEvent.click(within(menu).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(await screen.findByText('Hello, Somchai')).toBeTruthy();
    expect(storage.getToken()).toBe('token');
  });

  it('says when the videos cannot be listed, and lists them on Try again', async () => {
    let down = true;
    memberServer(
      () => walletResponse(5_000),
      (url) =>
        url === '/api/lookup/howto'
          ? down
            ? { status: 503, body: { message: 'SERVICE_UNAVAILABLE' } }
            : { body: howto }
          : undefined,
    );
    await renderWithProviders(<HowtoPage />, { path: '/user/howto' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Your wallet/ })).toBeTruthy();
  });

  it('plays the clip of the member’s language, and loads none before one is played (decision 073)', async () => {
    memberServer(
      () => walletResponse(5_000),
      (url) =>
        url === '/api/lookup/howto'
          ? { body: { videos: [{ topic: 'bonus', url: '/media/howto/{lang}/bonus.mp4' }] } }
          : undefined,
    );
    const { container } = await renderWithProviders(<HowtoPage />, { path: '/user/howto', locale: 'lo' });
    const topic = await screen.findByRole('button', { name: /ຮັບໂບນັດ/ }, { timeout: 5_000 });
    // A clip is a download of its own: nothing asks for one until the member plays it.
    expect(document.querySelector('video')).toBeNull();
    expect(container.innerHTML).not.toContain('.mp4');
    await userEvent.click(topic);
    const video = await waitFor(() => {
      const element = document.querySelector('video');
      if (!element) throw new Error('no video yet');
      return element;
    });
    expect(video.getAttribute('src')).toBe('/media/howto/lo/bonus.mp4');
  });

  it('the logged-out shell’s /howto still ends a stored session (spec section 4)', async () => {
    memberServer(
      () => walletResponse(5_000),
      (url) => (url === '/api/lookup/howto' ? { body: howto } : undefined),
    );
    await renderApp('/howto');
    expect(await screen.findByRole('heading', { name: 'How to use' }, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(storage.getToken()).toBeNull());
  });
});
