import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClaimableOffersResponse } from '@wallet/contract/http/bonus';
import type { HeldTransfersResponse } from '@wallet/contract/http/wallet';
import { promotionOffers } from '../src/modules/promotions/engine/grants.tables';
import {
  activate,
  ageHolds,
  appForFile,
  credit,
  fundedMember,
  moneyCall,
  PAST_EXPIRY_MS,
  setFault,
  signedInMember,
  SILENT_MS,
} from './money';
import { memberCalls, testOffer } from './offers';

/**
 * Issue 31, items 2 and 4: a transfer held at a silent game is listed for Home from the ledger's
 * pending holds (with all the money in flight, the in-flight accounts), and the offers a deposit
 * may still claim are judged by the claim's own rule.
 */

const t = appForFile();
const { get, claim, play } = memberCalls(() => t.app);
const held = async (token: string) =>
  (await get<HeldTransfersResponse>(token, '/api/wallet/transfers/held')).body;
const claimable = async (token: string) =>
  (await get<ClaimableOffersResponse>(token, '/api/bonus/claimable')).body.offers.map((offer) => offer.code);

describe('transfers held at a silent game', () => {
  beforeEach(() => setFault(t.app, 'CIRCUS', 'none'));

  it('are listed with game, direction, amount and time until the reconciler settles them', async () => {
    const member = await fundedMember(t.app, 100_000, 'CIRCUS');
    expect(await held(member.token)).toEqual({ transfers: [], inFlight: 0 });

    await setFault(t.app, 'CIRCUS', 'timeout', SILENT_MS);
    const moved = await moneyCall(t.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'CIRCUS',
      amount: 30_000,
    });
    expect(moved.statusCode, moved.body).toBe(202);
    const first = await held(member.token);
    expect(first.inFlight).toBe(30_000);
    expect(first.transfers).toEqual([
      {
        id: expect.stringMatching(/^\d+$/) as string,
        game: 'CIRCUS',
        direction: 'in',
        amount: 30_000,
        createdAt: expect.any(String) as string,
        waitingFor: 'provider',
      },
    ]);
    expect(Math.abs(Date.parse(first.transfers[0]!.createdAt) - Date.now())).toBeLessThan(60_000);

    // Past the reference's expiry the game can no longer take it: its word is what is left.
    await ageHolds(t.database.db, member.id, PAST_EXPIRY_MS);
    expect((await held(member.token)).transfers[0]!.waitingFor).toBe('confirmation');

    // Another member sees none of it.
    const other = await signedInMember(t.app);
    expect(await held(other.token)).toEqual({ transfers: [], inFlight: 0 });

    // The game answers again: the reconciler settles the hold and the list is empty.
    await setFault(t.app, 'CIRCUS', 'none');
    await t.services.reconciler.runOnce();
    expect(await held(member.token)).toEqual({ transfers: [], inFlight: 0 });
  });

  it('lists a transfer out of a game as out, its money in flight', async () => {
    const member = await fundedMember(t.app, 100_000, 'CIRCUS');
    expect(
      (
        await moneyCall(t.app, member.token, '/api/wallet/transfer', {
          from: 'wallet',
          to: 'CIRCUS',
          amount: 40_000,
        })
      ).statusCode,
    ).toBe(200);
    await setFault(t.app, 'CIRCUS', 'timeout', SILENT_MS);
    const out = await moneyCall(t.app, member.token, '/api/wallet/transfer', {
      from: 'CIRCUS',
      to: 'wallet',
      amount: 10_000,
    });
    expect(out.statusCode, out.body).toBe(202);
    const answer = await held(member.token);
    expect(answer.transfers.map(({ game, direction, amount }) => ({ game, direction, amount }))).toEqual([
      { game: 'CIRCUS', direction: 'out', amount: 10_000 },
    ]);
    expect(answer.inFlight).toBe(10_000);
  });
});

describe('offers a deposit may still claim', () => {
  beforeAll(async () => {
    await t.database.db
      .insert(promotionOffers)
      .values([
        testOffer('H_FIRST', { depositRule: 'first_ever', sort: 1 }),
        testOffer('H_BIG', { minimumDeposit: 100_000n, sort: 2 }),
      ]);
  });

  it('is what the claim itself would do: listed before the claim, gone after it', async () => {
    const member = await signedInMember(t.app);
    expect(await claimable(member.token)).toEqual([]);
    await credit(t.app, member.token, 50_000);
    const answer = (await get<ClaimableOffersResponse>(member.token, '/api/bonus/claimable')).body;
    // H_BIG's minimum is not met; every other test offer would take this deposit.
    expect(answer.offers.find((offer) => offer.code === 'H_FIRST')).toEqual({
      code: 'H_FIRST',
      name: 'H_FIRST',
      deposit: 50_000,
      bonus: 50_000,
      until: expect.any(String) as string,
    });
    expect(answer.offers.map((offer) => offer.code)).not.toContain('H_BIG');
    expect((await claim(member.token, 'H_FIRST')).status).toBe(200);
    // A grant runs: nothing else may be claimed now.
    expect(await claimable(member.token)).toEqual([]);
  });

  it('drops a first-deposit offer after a second deposit, as the claim refuses it', async () => {
    const member = await signedInMember(t.app);
    await credit(t.app, member.token, 20_000);
    expect(await claimable(member.token)).toContain('H_FIRST');
    await credit(t.app, member.token, 20_000);
    expect(await claimable(member.token)).not.toContain('H_FIRST');
    expect((await claim(member.token, 'H_FIRST')).body).toMatchObject({ message: 'BONUS_DEPOSIT_RULE' });
  });

  it('keeps it while the deposit sits in a game, and drops it once the deposit is played', async () => {
    const member = await signedInMember(t.app);
    await credit(t.app, member.token, 20_000);
    await activate(t.app, member.token, 'JOKER');
    expect(
      (
        await moneyCall(t.app, member.token, '/api/wallet/transfer', {
          from: 'wallet',
          to: 'JOKER',
          amount: 20_000,
        })
      ).statusCode,
    ).toBe(200);
    expect(await claimable(member.token)).toContain('H_FIRST');
    await play(member.token, 'JOKER', 1, 5_000, 0);
    // Home's read of the wallet books the rounds first, as the claim does.
    await get(member.token, '/api/wallet/refresh/slot');
    expect(await claimable(member.token)).not.toContain('H_FIRST');
    expect((await claim(member.token, 'H_FIRST')).body).toMatchObject({ message: 'BONUS_DEPOSIT_SPENT' });
  });
});
