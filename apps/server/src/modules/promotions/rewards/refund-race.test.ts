import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RefundCheckResponse } from '@wallet/contract/http/rewards';
import { activate, booksAreSound, listen } from '../../../../test/money';
import { rewardsCalls } from '../../../../test/rewards';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { graced, lastClosedPeriod } from './reward-periods';
import type * as RewardsRepositoryModule from './rewards.repository';

/**
 * Issue 25, part 3: two receives of one refund at once (two processes) answered one of them 500,
 * `TypeError ... reading 'currency'`: the loser read the refund as offered, then found nothing
 * offered left to receive. The window is made here rather than waited for: the rewards
 * repository's list of offered refunds runs a whole other receive first, once.
 */
const race = vi.hoisted(() => ({ before: null as null | (() => Promise<void>) }));
vi.mock('./rewards.repository', async (importOriginal) => {
  const original = await importOriginal<typeof RewardsRepositoryModule>();
  return {
    ...original,
    createRewardsRepository: (...args: Parameters<typeof original.createRewardsRepository>) => {
      const repository = original.createRewardsRepository(...args);
      return {
        ...repository,
        async offeredRefunds(memberId: number) {
          const before = race.before;
          race.before = null;
          if (before) await before();
          return repository.offeredRefunds(memberId);
        },
      };
    },
  };
});

describe('loss refund: receives racing (issue 25)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await listen(t.app);
  });
  afterAll(() => t.close());

  const { get, credit, play, toGame, member, setRefund } = rewardsCalls(() => t);

  it('answers NO_REFUND, never a failure, to the receive that lost the race', async () => {
    await setRefund({
      period: 'day',
      closeHour: 0,
      percent: 5,
      cap: 200_000,
      minimum: 100,
      categories: ['slot'],
    });
    const day = lastClosedPeriod('day', 0, graced(new Date()));
    const m = await member();
    await activate(t.app, m.token, 'JOKER');
    await credit(m.token, 10_000);
    await toGame(m.token, 'JOKER', 10_000);
    await play(m.token, 'JOKER', 10, 1_000, 0, new Date(day.start.getTime() + 3_600_000));
    expect((await get<RefundCheckResponse>(m.token, '/api/refund/check')).body.info?.state).toBe('ready');

    let winner: { status: number; body: { message?: string } } | null = null;
    race.before = async () => {
      winner = await get(m.token, '/api/refund/receive');
    };
    const loser = await get(m.token, '/api/refund/receive');
    expect(winner).toMatchObject({ status: 200, body: { message: 'REFUND_SUCCESS' } });
    expect(loser).toMatchObject({ status: 409, body: { message: 'NO_REFUND' } });
    expect((await get<RefundCheckResponse>(m.token, '/api/refund/check')).body.refundAmount).toBe(500);
    await booksAreSound(t.database.db);
  });
});
