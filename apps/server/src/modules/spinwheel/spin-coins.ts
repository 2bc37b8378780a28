import type { Currency } from '@wallet/contract/money';
import { AppError } from '../../platform/errors';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import { marketDay } from '../promotions/rewards/rewards.service';
import { COIN, spinKeys } from './spin-ledger';
import type { StoredCoinRules } from './spinwheel-settings';

/** Deposits the schedule looks at in one page. */
const DEPOSIT_PAGE = 200;

export interface SpinCoinsOptions {
  ledger: LedgerService;
  now: () => Date;
}

/** Coins: a member's balance, and coins earned by deposits and by the day, each earning once. */
export function createSpinCoins(options: SpinCoinsOptions) {
  const { ledger, now } = options;
  /** The schedule's place in the deposits (in memory: a restart looks again, which is safe). */
  let depositWatermark = 0;

  /**
   * Coins moved once under `key`. A key already used is an earning already paid, whatever amount
   * the rules say now (the operator may have changed them since): nothing more, and no refusal.
   */
  async function earnOnce(key: string, memberId: number, coins: bigint, source: Record<string, unknown>) {
    if (await ledger.findTransfer(key)) return false;
    try {
      const moved = await ledger.transfer({
        idempotencyKey: key,
        debit: accountKey.operator('coin', COIN),
        credit: accountKey.coin(memberId),
        amount: coins,
        kind: 'coin',
        metadata: { memberId, ...source },
      });
      return !moved.replayed;
    } catch (error) {
      if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED') return false;
      throw error;
    }
  }

  return {
    coinsOf: async (memberId: number) => Number(await ledger.balanceOrZero(accountKey.coin(memberId))),

    /** A member's coin and prize accounts, opened before anything moves to them. */
    async openAccounts(memberId: number, currency: Currency) {
      await Promise.all([
        ledger.openAccount(accountKey.coin(memberId), COIN),
        ledger.openAccount(accountKey.prize(memberId), currency),
      ]);
    },

    /** Coins each credited deposit earns under the rules, for deposits not yet followed. */
    async earnFromDeposits(rules: StoredCoinRules, memberId?: number): Promise<number> {
      if (rules.deposit.coins <= 0) return 0;
      let earned = 0;
      let afterId = memberId === undefined ? depositWatermark : 0;
      for (;;) {
        const deposits = await ledger.depositsAwaiting(spinKeys.depositPrefix, new Date(rules.since), {
          afterId,
          limit: DEPOSIT_PAGE,
          ...(memberId === undefined ? {} : { memberIds: [memberId] }),
        });
        for (const deposit of deposits) {
          afterId = deposit.transferId;
          const per = rules.deposit.per[deposit.currency as Currency];
          if (!per) continue;
          const coins = (deposit.amount / BigInt(per)) * BigInt(rules.deposit.coins);
          // NOTE: a deposit under `per` earns nothing and is looked at again by a later page only.
          if (coins <= 0n) continue;
          await ledger.openAccount(accountKey.coin(deposit.memberId), COIN);
          const key = `${spinKeys.depositPrefix}${deposit.transferId}`;
          if (await earnOnce(key, deposit.memberId, coins, { deposit: deposit.transferId }))
            earned += Number(coins);
        }
        if (memberId === undefined) depositWatermark = afterId;
        if (deposits.length < DEPOSIT_PAGE) return earned;
      }
    },

    /** The daily coin of a member who opens the wheel, once per market day. */
    async earnDaily(rules: StoredCoinRules, memberId: number): Promise<void> {
      if (rules.daily <= 0) return;
      const day = marketDay(now());
      await earnOnce(spinKeys.daily(memberId, day), memberId, BigInt(rules.daily), { daily: day });
    },
  };
}

export type SpinCoins = ReturnType<typeof createSpinCoins>;
