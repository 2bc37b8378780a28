import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, holdAnswers } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { gameAccount, memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

const games = [
  gameAccount('JOKER', { isActive: true, amount: 5_000 }),
  gameAccount('PG', { isActive: true }),
  gameAccount('SLOTXO'),
];

async function openTransfer() {
  await userEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
  return screen.findByRole('dialog', { name: 'Transfer money' });
}

const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Transfer now' }));

describe('transfer', () => {
  it('offers the wallet and the open game accounts, with their balances', async () => {
    memberServer(() => walletResponse(100_000, games));
    await renderHome();
    const dialog = await openTransfer();
    const options = within(within(dialog).getByLabelText('From'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Choose an account', 'Wallet · ฿1,000.00', 'Joker · ฿50.00', 'Pg · ฿0.00']);
  });

  it('refuses, without asking the server: no source or target, the same account, under 1 baht, over the balance', async () => {
    const calls = memberServer(() => walletResponse(100_000, games));
    await renderHome();
    const dialog = await openTransfer();
    const from = within(dialog).getByLabelText('From');
    const to = within(dialog).getByLabelText('To');
    const amount = within(dialog).getByLabelText('Amount');

    await userEvent.selectOptions(from, '');
    await userEvent.type(amount, '10');
    await submit(dialog);
    expect(within(dialog).getAllByText('Please fill in this field.')).toHaveLength(2);

    await userEvent.selectOptions(from, 'wallet');
    await userEvent.selectOptions(to, 'wallet');
    await submit(dialog);
    expect(within(dialog).getByText('Choose a different account to transfer to')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');

    await userEvent.selectOptions(to, 'JOKER');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0.99');
    await submit(dialog);
    expect(within(dialog).getByText('The minimum transfer is ฿1.00.')).toBeTruthy();

    await userEvent.clear(amount);
    await userEvent.type(amount, '1.234');
    await submit(dialog);
    expect(within(dialog).getByText('Enter an amount such as 100 or 100.50.')).toBeTruthy();

    await userEvent.clear(amount);
    await userEvent.type(amount, '1000.01');
    await submit(dialog);
    expect(within(dialog).getByText('Your balance is not enough.')).toBeTruthy();

    expect(calls.some((call) => call.url === '/api/wallet/transfer')).toBe(false);
  });

  it('sends minor units with an idempotency key, shows the success dialog, and refreshes home on close', async () => {
    const calls = memberServer(
      () => walletResponse(100_000, games),
      (url) =>
        url === '/api/wallet/transfer'
          ? { body: { status: 'SUCCESS', reference: 'r-1', amount: 15_050 } }
          : undefined,
    );
    await renderHome();
    const dialog = await openTransfer();
    await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'JOKER');
    await userEvent.type(within(dialog).getByLabelText('Amount'), '150.50');
    await submit(dialog);
    expect(await within(dialog).findByText('Transfer complete')).toBeTruthy();
    expect(
      within(dialog).getByText('฿150.50 moved from Wallet to Joker. Your balances will refresh.'),
    ).toBeTruthy();
    const sent = calls.find((call) => call.url === '/api/wallet/transfer')!;
    expect(bodyOf(sent)).toEqual({ from: 'wallet', to: 'JOKER', amount: 15_050 });
    expect((sent.init.headers as Record<string, string>)['idempotency-key']).toMatch(
      /^[A-Za-z0-9_-]{16,100}$/,
    );

    const loads = () => calls.filter((call) => call.url === '/api/wallet/refresh/slot').length;
    const before = loads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(loads()).toBe(before + 1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says calmly that a pending transfer is held and will show shortly; a refusal shows at its field', async () => {
    let answer: { status?: number; body: unknown } = { status: 400, body: { message: 'MONEY_NOT_ENOUGH' } };
    memberServer(
      () => walletResponse(100_000, games),
      (url) => (url === '/api/wallet/transfer' ? answer : undefined),
    );
    await renderHome();
    const dialog = await openTransfer();
    await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'PG');
    await userEvent.type(within(dialog).getByLabelText('Amount'), '20');
    await submit(dialog);
    expect(await within(dialog).findByText('Your balance is not enough.')).toBeTruthy();
    answer = { body: { status: 'PENDING', reference: 'r-2', amount: 2_000 } };
    await submit(dialog);
    expect(await within(dialog).findByText('Transfer in progress')).toBeTruthy();
    expect(within(dialog).getByText(/is on its way. Your money is held safely/)).toBeTruthy();
  });

  it('swaps source and target, and fills in the whole source balance', async () => {
    memberServer(() => walletResponse(100_000, games));
    await renderHome();
    const dialog = await openTransfer();
    await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'JOKER');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Swap from and to' }));
    expect(within(dialog).getByLabelText<HTMLSelectElement>('From').value).toBe('JOKER');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('To').value).toBe('wallet');
    expect(within(dialog).getByText('Available ฿50.00')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use all' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Amount').value).toBe('50.00');
  });

  it('says why Use all is off, once the member picks an empty place (issues 16 and 31)', async () => {
    memberServer(() => walletResponse(0, games));
    await renderHome();
    const dialog = await openTransfer();
    const useAll = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Use all' });
    await userEvent.selectOptions(within(dialog).getByLabelText('From'), 'wallet');
    expect(useAll.disabled).toBe(true);
    const reason = within(dialog).getByText('There is nothing in Wallet to move.');
    expect(useAll.getAttribute('aria-describedby')).toBe(reason.id);

    // A place with money: Use all works, and nothing needs saying.
    await userEvent.selectOptions(within(dialog).getByLabelText('From'), 'JOKER');
    expect(useAll.disabled).toBe(false);
    expect(useAll.getAttribute('aria-describedby')).toBeNull();
    expect(within(dialog).queryByText(/to move\./)).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('From'), 'PG');
    expect(within(dialog).getByText('There is nothing in Pg to move.')).toBeTruthy();
  });

  it('opens from the account that holds the money, towards the wallet, with nothing to correct (issue 31)', async () => {
    memberServer(() =>
      walletResponse(0, [...games, gameAccount('SEXY', { isActive: true, amount: 75_000 })]),
    );
    await renderHome();
    const dialog = await openTransfer();
    expect(within(dialog).getByLabelText<HTMLSelectElement>('From').value).toBe('SEXY');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('To').value).toBe('wallet');
    expect(within(dialog).getByText('Available ฿750.00')).toBeTruthy();
    expect(dialog.querySelector('[data-reason]')).toBeNull();
    expect(dialog.querySelector('[aria-invalid="true"]')).toBeNull();
  });

  it('follows a newer read of where the money is until the member picks (a fund just done)', async () => {
    let state = walletResponse(100_000, games);
    memberServer(() => state);
    await renderHome();
    await screen.findByText('฿1,000.00');
    state = walletResponse(0, [gameAccount('JOKER', { isActive: true, amount: 105_000 }), games[1]!]);
    const release = holdAnswers('/api/wallet/refresh/slot');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balances' }));
    const dialog = await openTransfer();
    const from = within(dialog).getByLabelText<HTMLSelectElement>('From');
    expect(from.value).toBe('wallet');
    release();
    await waitFor(() => expect(from.value).toBe('JOKER'));
    expect(within(dialog).getByLabelText<HTMLSelectElement>('To').value).toBe('wallet');
  });

  it('says at once that every account is empty, since any transfer would be refused', async () => {
    memberServer(() =>
      walletResponse(0, [gameAccount('JOKER', { isActive: true }), gameAccount('PG', { isActive: true })]),
    );
    await renderHome();
    const dialog = await openTransfer();
    expect(dialog.querySelector('[data-reason="transfer"]')!.textContent).toBe(
      'Your wallet and game accounts are all empty: deposit first, then you can move money.',
    );
  });
});
