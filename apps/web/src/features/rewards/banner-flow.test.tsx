import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countCalls as count } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { rewardsHandler, rewardsState } from '../../test/rewards-data';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

const banners = [
  { image: '/media/rewards/invite-1.png', html: '<p>Invite a friend, earn <strong>10%</strong></p>' },
  { image: '/media/rewards/invite-2.png', html: '<p>Paid every day</p>' },
];

describe('banner flow (spec section 2)', () => {
  it('shows the invite banners first; closing them opens the invite dialog', async () => {
    const calls = memberServer(
      () => walletResponse(0),
      rewardsHandler(rewardsState({ inviteBanners: banners })),
    );
    await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite friends' }));

    const carousel = await screen.findByRole('dialog', { name: 'Invite friends' });
    const pictures = within(carousel).getByRole('region', { name: 'Pictures' });
    expect([...pictures.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/media/rewards/invite-1.png',
      '/media/rewards/invite-2.png',
    ]);
    expect(within(pictures).getByText('Paid every day')).toBeTruthy();
    // The dialog itself waits behind the banners.
    expect(screen.queryByText('Your invite link')).toBeNull();
    expect(count(calls, '/api/invite/banners')).toBe(1);

    await userEvent.click(within(carousel).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(await within(dialog).findByText('Your invite link')).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: 'Pictures' })).toBeNull();

    // Closed, and tapped again: the banners come first again.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Invite friends' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Invite friends' })).getByRole('region', {
        name: 'Pictures',
      }),
    ).toBeTruthy();
  });

  it('closing the refund banners with X also opens the refund dialog', async () => {
    memberServer(
      () => walletResponse(0),
      rewardsHandler(rewardsState({ refundBanners: [{ image: '/media/rewards/refund.png', html: '' }] })),
    );
    await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Loss refund' }));
    const carousel = await screen.findByRole('dialog', { name: 'Loss refund' });
    expect(carousel.querySelector('img[src="/media/rewards/refund.png"]')).toBeTruthy();
    await userEvent.click(within(carousel).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loss refund' });
    expect(await within(dialog).findByText('Refund balance')).toBeTruthy();
  });

  it('opens the dialog at once when there are no banners', async () => {
    const calls = memberServer(() => walletResponse(0), rewardsHandler(rewardsState()));
    await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Loss refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loss refund' });
    // It opens with its content: the check and the first page were read before it opened.
    expect(within(dialog).getByText('Refund balance')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Refunds received' })).toBeTruthy();
    expect(within(dialog).queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(count(calls, '/api/refund/banners')).toBe(1);
    expect(count(calls, '/api/refund/check')).toBe(1);
  });

  it('opens the dialog at once when the banners cannot be had', async () => {
    memberServer(
      () => walletResponse(0),
      rewardsHandler(rewardsState(), (url) =>
        url === '/api/invite/banners'
          ? { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } }
          : undefined,
      ),
    );
    await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(await within(dialog).findByText('Your invite link')).toBeTruthy();
    // Silent: the failed banners say nothing.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
