import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameSetting } from '@wallet/contract/http/console-games';
import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';
import { storage } from '../../../lib/storage';
import { consoleServer, fakeSocket, staff } from '../../../test/console-data';
import { bodyOf, renderApp } from '../../../test/render-app';
import { setConsoleSocketFactory } from '../inbox-socket';
import { movedOrder } from './games-tab';

const ALL_ON = { web: true, android: true, ios: true };
const game = (
  code: string,
  name: string,
  category: GameSetting['category'],
  extra: Partial<GameSetting> = {},
) =>
  ({
    code,
    name,
    category,
    position: 0,
    enabled: true,
    walletFactor: null,
    launch: ALL_ON,
    provider: { walletFactor: 1, ...ALL_ON },
    membersWithMoney: 0,
    ...extra,
  }) satisfies GameSetting;

const catalogue = (): GameSetting[] =>
  [
    game('JOKER', 'Joker', 'slot', { membersWithMoney: 3 }),
    game('UFABET', 'UFABET', 'sport'),
    game('PG', 'PG', 'slot'),
    game('SLOTXO', 'SlotXO', 'slot', { provider: { walletFactor: 10, ...ALL_ON } }),
    game('IMI', 'IMI', 'slot', { provider: { walletFactor: 1, web: false, android: true, ios: true } }),
    game('HUAYHD', 'Huay HD', 'lotto'),
  ].map((one, index) => ({ ...one, position: index + 1 }));

function server() {
  let games = catalogue();
  return consoleServer({
    handler: (url, init) => {
      if (url === '/api/console/me')
        return { body: { ...staff, role: 'owner', permissions: [...ROLE_PERMISSIONS.owner] } };
      if (url === '/api/console/desk/counts')
        return { body: { withdrawals: 0, deposits: 0, adjustments: 0, chats: 0 } };
      if (url === '/api/console/settings/site')
        return { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } };
      if (url === '/api/console/settings/games') return { body: { games } };
      if (url === '/api/console/settings/games/order') {
        const { codes } = bodyOf({ init }) as { codes: string[] };
        games = codes.map((code, index) => ({
          ...games.find((one) => one.code === code)!,
          position: index + 1,
        }));
        return { body: { games } };
      }
      if (url.startsWith('/api/console/settings/games/') && init.method === 'PUT') {
        const code = url.split('/').at(-1)!;
        const saved = { ...games.find((one) => one.code === code)!, ...(bodyOf({ init }) as object) };
        games = games.map((one) => (one.code === code ? saved : one));
        return { body: saved };
      }
      return undefined;
    },
  });
}

beforeEach(() => {
  storage.setStaffCsrf('staff-csrf');
  setConsoleSocketFactory(fakeSocket().factory);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleSocketFactory();
});

const puts = (calls: ReturnType<typeof server>, path: string) =>
  calls.filter((call) => call.url === `/api/console/settings/games/${path}` && call.init.method === 'PUT');

async function openGames() {
  await renderApp('/console/settings');
  await userEvent.click(await screen.findByRole('tab', { name: 'Games' }));
  return screen.findByRole('region', { name: 'Slot carousel' });
}

describe('the games tab (decision 064)', () => {
  it('moves a game within its carousel only', () => {
    const games = catalogue();
    // PG is the second slot game: up passes UFABET (another carousel) and swaps with JOKER.
    expect(movedOrder(games, 'PG', -1)).toEqual(['PG', 'UFABET', 'JOKER', 'SLOTXO', 'IMI', 'HUAYHD']);
    expect(movedOrder(games, 'JOKER', -1)).toBeNull();
    expect(movedOrder(games, 'HUAYHD', 1)).toBeNull();
    expect(movedOrder(games, 'UFABET', 1)).toBeNull();
  });

  it('lists each carousel, saves a move, and switches a game off after saying whose money stays', async () => {
    const calls = server();
    const slots = await openGames();
    expect(screen.getByRole('region', { name: 'Sport and casino carousel' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Lotto carousel' })).toBeTruthy();
    expect(within(slots).getByText('3 members hold money here')).toBeTruthy();
    expect(within(slots).getByRole<HTMLButtonElement>('button', { name: 'Move Joker up' }).disabled).toBe(
      true,
    );

    await userEvent.click(within(slots).getByRole('button', { name: 'Move PG up' }));
    await waitFor(() => expect(puts(calls, 'order')).toHaveLength(1));
    expect(bodyOf(puts(calls, 'order')[0]!)).toEqual({
      codes: ['PG', 'UFABET', 'JOKER', 'SLOTXO', 'IMI', 'HUAYHD'],
    });
    await waitFor(() => expect(within(slots).getAllByRole('listitem')[0]!.textContent).toContain('PG'));

    await userEvent.click(within(slots).getByRole('switch', { name: 'Joker for members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch Joker off?' });
    expect(within(dialog).getByText(/3 members hold money in it: they keep it/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(puts(calls, 'JOKER')).toHaveLength(1));
    expect(bodyOf(puts(calls, 'JOKER')[0]!)).toEqual({ enabled: false, walletFactor: null, launch: ALL_ON });
    await waitFor(() =>
      expect(
        within(slots).getByRole('switch', { name: 'Joker for members' }).getAttribute('aria-checked'),
      ).toBe('false'),
    );
  });

  it('edits the factor by the member’s schema, and keeps a platform the provider lacks off', async () => {
    const calls = server();
    const slots = await openGames();
    const slotxo = within(slots)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('SlotXO'))!;
    expect(within(slotxo).getByText(/Factor ×10 \(provider's\)/)).toBeTruthy();
    await userEvent.click(within(slotxo).getByRole('button', { name: /^Edit / }));
    const factor = within(slotxo).getByLabelText('Wallet factor');
    await userEvent.type(factor, '0.00001');
    expect(
      within(slotxo).getByText(
        'The wallet factor is a number from 0.0001 to 10,000, with at most four decimals.',
      ),
    ).toBeTruthy();
    expect(within(slotxo).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await userEvent.clear(factor);
    await userEvent.type(factor, '2.5');
    await userEvent.click(within(slotxo).getByRole('switch', { name: /iOS app/ }));
    await userEvent.click(within(slotxo).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls, 'SLOTXO')).toHaveLength(1));
    expect(bodyOf(puts(calls, 'SLOTXO')[0]!)).toEqual({
      enabled: true,
      walletFactor: 2.5,
      launch: { web: true, android: true, ios: false },
    });
    await waitFor(() =>
      expect(within(slotxo).getByText(/Factor ×2.5 \(set here\) · Web, Android/)).toBeTruthy(),
    );

    const imi = within(slots)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('IMI'))!;
    await userEvent.click(within(imi).getByRole('button', { name: /^Edit / }));
    const web = within(imi).getByRole<HTMLButtonElement>('switch', { name: /^Web/ });
    expect([web.disabled, web.getAttribute('aria-checked')]).toEqual([true, 'false']);
    expect(within(imi).getByText('The provider has no link for it.')).toBeTruthy();
  });
});
