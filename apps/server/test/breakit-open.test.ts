import { beforeAll, describe, expect, it } from 'vitest';
import type { ClaimableOffersResponse } from '@wallet/contract/http/bonus';
import { promotionOffers } from '../src/modules/promotions/engine/grants.tables';
import { activate, appForFile, credit, signedInMember } from './money';
import { memberCalls, testOffer } from './offers';

/**
 * Breaks found by the review of 2026-11-28 and NOT fixed (see the review's report): each test
 * fails on main as it stands and says what would have to change.
 */

const t = appForFile();
const { get, claim, play, toGame } = memberCalls(() => t.app);
const claimable = async (token: string) =>
  (await get<ClaimableOffersResponse>(token, '/api/bonus/claimable')).body.offers.map((offer) => offer.code);

beforeAll(async () => {
  await t.database.db.insert(promotionOffers).values([testOffer('OPEN_ANY', { sort: 1 })]);
});

describe('claimable offers agree with the claim', () => {
  // Decision 070 leaves plays unbooked by this read ("Home's wallet read books them first"), but
  // the claimable query is read on its own (every minute, on focus, in parallel with the wallet's
  // refresh), so it can say yes to a deposit already played away at the provider; the claim,
  // which books the plays first, then refuses BONUS_DEPOSIT_SPENT.
  it('does not list an offer whose deposit was played away at the game', async () => {
    const member = await signedInMember(t.app);
    await credit(t.app, member.token, 20_000);
    await activate(t.app, member.token, 'JOKER');
    await toGame(member.token, 'JOKER', 20_000);
    await play(member.token, 'JOKER', 1, 20_000, 0);
    const listed = await claimable(member.token);
    const refused = await claim(member.token, 'OPEN_ANY');
    expect(refused.body).toMatchObject({ message: 'BONUS_DEPOSIT_SPENT' });
    expect(listed).not.toContain('OPEN_ANY');
  });
});
