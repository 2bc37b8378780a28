import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaimableOffer } from '@wallet/contract/http/bonus';
import type { MinorUnits } from '@wallet/contract/money';
import { countCalls } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { gameAccount, memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const CLAIMABLE_URL = '/api/bonus/claimable';
const CLAIM_URL = '/api/bonus/activate/WELCOME100';
const LOADED = { timeout: 5_000 };

const welcome: ClaimableOffer = {
  code: 'WELCOME100',
  name: 'Welcome 100%',
  deposit: 50_000 as MinorUnits,
  bonus: 50_000 as MinorUnits,
  until: '2026-11-29T10:15:00.000Z',
};

/** What the fake server answers may be claimed now. */
let offers: ClaimableOffer[] = [];

/** A member whose latest deposit may claim WELCOME100 until it is claimed. */
function offerServer(
  extra: (url: string) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  offers = [welcome];
  const calls = memberServer(
    () => walletResponse(50_000, [gameAccount('JOKER', { isActive: true })]),
    (url) => {
      if (url === CLAIMABLE_URL) return { body: { offers, currency: 'BAHT' } };
      if (url === CLAIM_URL) {
        offers = [];
        return { body: { userBonus: { _id: '1', isActive: true, received: [] }, credited: 50_000 } };
      }
      if (url === '/api/wallet/account/JOKER')
        return { body: { username: 'lw100001', password: 'pass-4567' } };
      if (url === '/api/lookup/deposit')
        return {
          body: {
            banks: [],
            wallets: [{ mode: 'AUTO', walletAccountName: 'Lucky Wallet' }],
            isManual: false,
          },
        };
      if (url === '/api/wallet/truelink')
        return { body: { status: 'SUCCESS', reference: 'tl-1', amount: 50_000 } };
      return extra(url);
    },
  );
  return calls;
}

describe('an offer the latest deposit may still claim (issue 31)', () => {
  it('shows on home with its bonus and deadline until it is claimed there', async () => {
    const calls = offerServer();
    await renderHome();
    const region = await screen.findByRole('region', { name: 'Bonus to claim' }, LOADED);
    expect(within(region).getByText('Welcome 100%: ฿500.00 bonus')).toBeTruthy();
    expect(region.textContent).toMatch(
      /Your deposit of ฿500\.00 qualifies\. Claim it before you play, by 29\/11\/2026/,
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Claim bonus' }));
    expect(await screen.findByText('฿500.00 bonus received')).toBeTruthy();
    expect(countCalls(calls, CLAIM_URL)).toBe(1);
    // No longer possible once claimed: the server's next answer has none, and home drops it.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bonus to claim' })).toBeNull());
  });

  it('is said with a deposit’s success, with its Claim button', async () => {
    offerServer();
    await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Deposit' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Gift link' }, LOADED));
    expect(within(dialog).queryByText(/This deposit qualifies/)).toBeNull();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Gift link' });
    await userEvent.type(
      within(panel).getByLabelText('Gift link'),
      'https://gift.truemoney.com/campaign/?v=0123456789abcdef',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(
      await within(dialog).findByText(
        'This deposit qualifies for Welcome 100%: a ฿500.00 bonus. Claim it before you play.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Claim bonus' })).toBeTruthy();
  });

  it('is warned of before money moves into a game: claim first, or move anyway', async () => {
    const calls = offerServer((url) =>
      url === '/api/wallet/transfer'
        ? { body: { status: 'SUCCESS', reference: 'r', amount: 10_000 } }
        : undefined,
    );
    await renderHome();
    await screen.findByRole('region', { name: 'Bonus to claim' }, LOADED);
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer money' });
    await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'JOKER');
    await userEvent.type(within(dialog).getByLabelText('Amount'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Claim your bonus first?' });
    expect(confirm.textContent).toContain(
      'Your deposit of ฿500.00 qualifies for Welcome 100% (฿500.00 bonus). Once this money is played in a game, the bonus can no longer be claimed.',
    );
    expect(countCalls(calls, '/api/wallet/transfer')).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Move anyway' }));
    expect(await within(dialog).findByText('Transfer complete')).toBeTruthy();
    expect(countCalls(calls, '/api/wallet/transfer')).toBe(1);
    // Money moved, so home reads what may be claimed again with the wallet: here, nothing now.
    offers = [];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bonus to claim' })).toBeNull());
  });

  it('is warned of before play moves the wallet into the game; Claim bonus first claims and moves nothing', async () => {
    const open = vi.spyOn(window, 'open');
    const calls = offerServer();
    await renderHome();
    await screen.findByRole('region', { name: 'Bonus to claim' }, LOADED);
    await userEvent.click(await screen.findByRole('button', { name: /Joker/ }));
    const game = await screen.findByRole('dialog');
    await userEvent.click(
      await within(game).findByRole('button', { name: 'Play on the web (moves ฿500.00 to Joker)' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Claim your bonus first?' });
    expect(within(confirm).getByRole('button', { name: 'Play anyway' })).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Claim bonus first' }));
    expect(await screen.findByText('฿500.00 bonus received')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Claim your bonus first?' })).toBeNull());
    expect(countCalls(calls, CLAIM_URL)).toBe(1);
    expect(countCalls(calls, '/api/wallet/transferAll')).toBe(0);
    expect(open).not.toHaveBeenCalled();
  });
});
