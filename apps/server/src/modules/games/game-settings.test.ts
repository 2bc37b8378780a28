import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  GameSetting,
  GameSettingChange,
  GameSettingsResponse,
} from '@wallet/contract/http/console-games';
import { rowsOf } from '../../platform/db/rows';
import {
  activate,
  appForFile,
  booksAreSound,
  fundedMember,
  getAs,
  HANG_MS,
  MONEY_ENV,
  moneyCall,
  pendingHoldKeys,
  resultOf,
  setFault,
  signedInMember,
  walletOf,
} from '../../../test/money';
import { createStaffAndSignIn, staffCall, type SignedInStaff } from '../../../test/staff';

/** Staff's settings of the games (decision 064), as members meet them. */
const test = appForFile(MONEY_ENV);
const staff = {} as Record<'owner' | 'marketing', SignedInStaff>;
beforeAll(async () => {
  staff.owner = await createStaffAndSignIn(test, { role: 'owner' });
  staff.marketing = await createStaffAndSignIn(test, { role: 'marketing' });
});

const listed = async (who = staff.owner) =>
  (await staffCall(test.app, who.token, 'GET', '/api/console/settings/games')).json<GameSettingsResponse>()
    .games;
const settingOf = async (code: string) => (await listed()).find((game) => game.code === code)!;
const put = (code: string, change: GameSettingChange, who = staff.owner) =>
  staffCall(test.app, who.token, 'PUT', `/api/console/settings/games/${code}`, change);
const order = (codes: string[], who = staff.owner) =>
  staffCall(test.app, who.token, 'PUT', '/api/console/settings/games/order', { codes });
const changeOf = ({ enabled, walletFactor, launch }: GameSetting): GameSettingChange => ({
  enabled,
  walletFactor,
  launch,
});
const ALL_ON = { web: true, android: true, ios: true };
const defaults: GameSettingChange = { enabled: true, walletFactor: null, launch: ALL_ON };

interface AuditRow {
  target: string;
  staff_id: number;
  detail: { before: unknown; after: unknown };
}
const auditOf = (target: string) =>
  rowsOf<AuditRow>(
    test.database.db,
    sql`select target, staff_id, detail from staff_audit
        where action = 'settings.games' and target = ${target} order by seq`,
  );

// Every test leaves the games as the seed has them.
let seededOrder: string[] = [];
beforeAll(async () => {
  seededOrder = (await listed()).map((game) => game.code);
});
afterEach(async () => {
  const games = await listed();
  for (const game of games) {
    if (JSON.stringify(changeOf(game)) !== JSON.stringify(defaults)) await put(game.code, defaults);
  }
  if (games.some((game, index) => game.code !== seededOrder[index])) await order(seededOrder);
});

describe('games on the console (decision 064)', () => {
  it('lists the catalogue as seeded: every game on, in its order, with the provider’s own values', async () => {
    const games = await listed();
    expect(games).toHaveLength(16);
    expect(games.map((game) => game.position)).toEqual(games.map((_, index) => index + 1));
    expect(games.every((game) => game.enabled && game.walletFactor === null)).toBe(true);
    expect(games.find((game) => game.code === 'SLOTXO')?.provider.walletFactor).toBe(10);
    // IMI has no web version at the provider: its launch setting cannot make one.
    expect(games.find((game) => game.code === 'IMI')?.provider).toMatchObject({ web: false, android: true });
  });

  // Also on the embedded database, where the one process keeps its copy without Redis.
  it(
    'hides a game switched off, refuses launch and money in, and lets the money out',
    { tags: ['embedded'] },
    async () => {
      const holder = await fundedMember(test.app);
      const into = await moneyCall(test.app, holder.token, '/api/wallet/transfer', {
        from: 'wallet',
        to: 'JOKER',
        amount: 30_000,
      });
      expect(into.statusCode, into.body).toBe(200);
      const stranger = await signedInMember(test.app);

      const off = await put('JOKER', { ...defaults, enabled: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<GameSetting>()).toMatchObject({ enabled: false, membersWithMoney: 1 });

      // A member with nothing in it no longer sees it; one with money sees it closed, nothing to launch.
      const strangers = await walletOf(test.app, stranger.token);
      expect(strangers.raw.games.map((game) => game.code)).not.toContain('JOKER');
      expect(strangers.raw.games).toHaveLength(15);
      const holders = await walletOf(test.app, holder.token);
      expect(holders.raw.games.find((game) => game.code === 'JOKER')).toMatchObject({
        closed: true,
        amount: 30_000,
        web: null,
        android: null,
        ios: null,
      });

      const noGame = { message: 'NO_GAME' };
      expect((await getAs(test.app, stranger.token, '/api/wallet/activate/JOKER')).json()).toEqual(noGame);
      expect((await getAs(test.app, holder.token, '/api/wallet/account/JOKER')).json()).toEqual(noGame);
      const launch = await getAs(test.app, holder.token, `/api/autoLogin/joker/${holder.login.username}`);
      expect([launch.statusCode, launch.json()]).toEqual([404, noGame]);
      const refused = await moneyCall(test.app, holder.token, '/api/wallet/transfer', {
        from: 'wallet',
        to: 'JOKER',
        amount: 1_000,
      });
      expect([refused.statusCode, refused.json()]).toEqual([404, noGame]);
      const all = await moneyCall(test.app, holder.token, '/api/wallet/transferAll', { to: 'JOKER' });
      expect(all.json()).toEqual(noGame);
      expect((await walletOf(test.app, holder.token)).wallet).toBe(70_000);

      // Out of it: to another game (through the wallet), then the rest to the wallet.
      await getAs(test.app, holder.token, '/api/wallet/activate/PG');
      const across = await moneyCall(test.app, holder.token, '/api/wallet/transfer', {
        from: 'JOKER',
        to: 'PG',
        amount: 10_000,
      });
      expect(resultOf(across).status, across.body).toBe('SUCCESS');
      const back = await moneyCall(test.app, holder.token, '/api/wallet/transfer', {
        from: 'JOKER',
        to: 'wallet',
        amount: 20_000,
      });
      expect(resultOf(back).status, back.body).toBe('SUCCESS');
      const emptied = await walletOf(test.app, holder.token);
      expect(emptied.wallet).toBe(90_000);
      expect(emptied.game('PG')).toBe(10_000);
      // Empty now: gone from the member's list too.
      expect(emptied.raw.games.map((game) => game.code)).not.toContain('JOKER');

      // Switched on again: back for everyone, and money goes in.
      expect((await put('JOKER', defaults)).statusCode).toBe(200);
      expect((await walletOf(test.app, stranger.token)).raw.games.map((game) => game.code)).toContain(
        'JOKER',
      );
      const again = await moneyCall(test.app, holder.token, '/api/wallet/transfer', {
        from: 'wallet',
        to: 'JOKER',
        amount: 1_000,
      });
      expect(resultOf(again).status, again.body).toBe('SUCCESS');
      await booksAreSound(test.database.db);

      const audit = await auditOf('game:JOKER');
      expect(audit.map((row) => row.staff_id)).toEqual([staff.owner.staffId, staff.owner.staffId]);
      expect(audit.map((row) => row.detail)).toEqual([
        { before: defaults, after: { ...defaults, enabled: false } },
        { before: { ...defaults, enabled: false }, after: defaults },
      ]);
    },
  );

  it('finishes money on its way into a game switched off meanwhile, and lets it come back', async () => {
    const member = await fundedMember(test.app);
    const holders = (await settingOf('JOKER')).membersWithMoney;
    await setFault(test.app, 'JOKER', 'applied-then-timeout', HANG_MS);
    const pending = await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 25_000,
    });
    await setFault(test.app, 'JOKER', 'none');
    expect(resultOf(pending).status).toBe('PENDING');
    // Staff are told the member has money there although none has arrived yet.
    const off = await put('JOKER', { ...defaults, enabled: false });
    expect(off.json<GameSetting>()).toMatchObject({ enabled: false, membersWithMoney: holders + 1 });

    // The provider took it: the reconciler posts it, and the member sees it in the closed game.
    await test.services.reconciler.runOnce();
    const books = await walletOf(test.app, member.token);
    expect(books.wallet).toBe(75_000);
    expect(books.raw.games.find((game) => game.code === 'JOKER')).toMatchObject({
      closed: true,
      amount: 25_000,
    });
    const back = await moneyCall(test.app, member.token, '/api/wallet/transferAll', { to: 'wallet' });
    expect(resultOf(back)).toMatchObject({ status: 'SUCCESS', amount: 25_000 });
    expect((await walletOf(test.app, member.token)).wallet).toBe(100_000);
    await booksAreSound(test.database.db);
  });

  it('moves nothing into a game switched off while "all into it" gathers the money', async () => {
    const member = await fundedMember(test.app);
    await activate(test.app, member.token, 'PG');
    const toPg = await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'PG',
      amount: 30_000,
    });
    expect(resultOf(toPg).status, toPg.body).toBe('SUCCESS');
    // PG answers slowly (inside the call's timeout), so staff switch JOKER off mid-gathering.
    await setFault(test.app, 'PG', 'none', 400);
    const all = moneyCall(test.app, member.token, '/api/wallet/transferAll', { to: 'JOKER' });
    await vi.waitFor(async () => {
      expect((await pendingHoldKeys(test.database.db)).some((key) => key.endsWith(':sweep:PG'))).toBe(true);
    });
    expect((await put('JOKER', { ...defaults, enabled: false })).statusCode).toBe(200);
    const answer = await all;
    await setFault(test.app, 'PG', 'none');

    // Money did move (out of PG), so the answer says where it is, as a refused second leg does.
    expect([answer.statusCode, answer.json()]).toEqual([422, { message: 'TRANSFER_FAIL' }]);
    const books = await walletOf(test.app, member.token);
    expect(books.wallet).toBe(100_000);
    expect(books.raw.games.find((game) => game.code === 'JOKER')).toBeUndefined();
    await booksAreSound(test.database.db);
  });

  it('ends a game-to-game transfer into a game switched off meanwhile: TRANSFER_FAIL, money in the wallet', async () => {
    const member = await fundedMember(test.app);
    await activate(test.app, member.token, 'PG');
    await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'PG',
      amount: 30_000,
    });
    await setFault(test.app, 'PG', 'none', 400);
    const across = moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'PG',
      to: 'JOKER',
      amount: 30_000,
    });
    await vi.waitFor(async () => {
      expect((await pendingHoldKeys(test.database.db)).some((key) => key.endsWith(':out'))).toBe(true);
    });
    expect((await put('JOKER', { ...defaults, enabled: false })).statusCode).toBe(200);
    const answer = await across;
    await setFault(test.app, 'PG', 'none');

    expect([answer.statusCode, answer.json()]).toEqual([422, { message: 'TRANSFER_FAIL' }]);
    const books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('PG')]).toEqual([100_000, 0]);
    await booksAreSound(test.database.db);
  });

  it('puts the member’s games in staff’s order, audited, and refuses an order that leaves one out', async () => {
    const member = await signedInMember(test.app);
    const reversed = [...seededOrder].reverse();
    const moved = await order(reversed);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await walletOf(test.app, member.token)).raw.games.map((game) => game.code)).toEqual(reversed);
    expect((await listed()).map((game) => game.code)).toEqual(reversed);

    // One left out, one twice, one unknown: refused, and nothing moves.
    for (const codes of [
      reversed.slice(1),
      [...reversed.slice(1), reversed[1]!],
      [...reversed.slice(1), 'NOPE'],
    ]) {
      const refused = await order(codes);
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'GAME_ORDER_INVALID' }]);
    }
    expect((await walletOf(test.app, member.token)).raw.games.map((game) => game.code)).toEqual(reversed);

    const [row] = await auditOf('games:order');
    expect(row!.detail).toEqual({ before: seededOrder, after: reversed });
  });

  it('shows members staff’s wallet factor and launch platforms, by the schema members read', async () => {
    const member = await fundedMember(test.app, 100_000, 'PG');
    const changed = await put('PG', { enabled: true, walletFactor: 2.5, launch: { ...ALL_ON, web: false } });
    expect(changed.statusCode, changed.body).toBe(200);
    const pg = (await walletOf(test.app, member.token)).raw.games.find((game) => game.code === 'PG')!;
    expect(pg).toMatchObject({ ftWalletSlot: 2.5, web: null });
    expect(pg.android).not.toBeNull();
    const launch = await getAs(test.app, member.token, `/api/autoLogin/pg/${member.login.username}`);
    expect(launch.json()).toEqual({ message: 'NO_GAME' });

    // Out of range, too many decimals, not a number: refused, nothing changed.
    for (const walletFactor of [0, -1, 0.00001, 20_000, '2']) {
      const refused = await put('PG', { ...defaults, walletFactor } as unknown as GameSettingChange);
      expect(refused.statusCode).toBe(400);
    }
    expect(changeOf(await settingOf('PG'))).toEqual({
      enabled: true,
      walletFactor: 2.5,
      launch: { ...ALL_ON, web: false },
    });
    expect((await put('NOPE', defaults)).json()).toEqual({ message: 'NO_GAME' });

    // null: back to the provider's factor, and the web launch again.
    expect((await put('PG', defaults)).statusCode).toBe(200);
    expect(
      (await walletOf(test.app, member.token)).raw.games.find((game) => game.code === 'PG'),
    ).toMatchObject({
      ftWalletSlot: 1,
    });
    const link = await getAs(test.app, member.token, `/api/autoLogin/pg/${member.login.username}`);
    expect(link.statusCode, link.body).toBe(200);
  });

  it('is for settings.manage alone', async () => {
    expect(
      (await staffCall(test.app, staff.marketing.token, 'GET', '/api/console/settings/games')).statusCode,
    ).toBe(403);
    expect((await put('JOKER', { ...defaults, enabled: false }, staff.marketing)).statusCode).toBe(403);
    expect((await order([...seededOrder].reverse(), staff.marketing)).statusCode).toBe(403);
    expect((await settingOf('JOKER')).enabled).toBe(true);
    expect((await listed()).map((game) => game.code)).toEqual(seededOrder);
  });
});
