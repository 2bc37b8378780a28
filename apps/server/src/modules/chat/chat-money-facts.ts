import type { SlipRow } from '@wallet/contract/http/deposit';
import type { StatementRow } from '@wallet/contract/http/statement';
import type { Currency } from '@wallet/contract/money';
import type { MoneyFact, MoneyFacts } from './chat-bot';

/** What the bot reads of a member's money: their own statement and slips, nothing else. */
export interface MoneyFactSources {
  /** The member's latest statement row of a type, or null. */
  latest: (memberId: number, type: 'deposit' | 'withdraw') => Promise<StatementRow | null>;
  slips: (memberId: number) => Promise<SlipRow[]>;
  currencyOf: (memberId: number) => Promise<Currency>;
}

/**
 * The member's latest deposit and withdrawal. A slip that was not credited (failed, pending, in
 * review) counts as a deposit too: it is what a member means by "my deposit has not arrived".
 */
export function moneyFactsFrom(sources: MoneyFactSources): (memberId: number) => Promise<MoneyFacts> {
  return async (memberId) => {
    const [deposit, withdrawal, slips, currency] = await Promise.all([
      sources.latest(memberId, 'deposit'),
      sources.latest(memberId, 'withdraw'),
      sources.slips(memberId),
      sources.currencyOf(memberId),
    ]);
    const fact = (row: StatementRow): MoneyFact => ({
      amount: row.amount,
      currency,
      status: row.status,
      createdAt: new Date(row.createdAt),
    });
    const slip = slips.find((row) => row.status !== 'SUCCESS');
    let lastDeposit = deposit ? fact(deposit) : null;
    if (slip && (!lastDeposit || new Date(slip.createdAt) > lastDeposit.createdAt))
      lastDeposit = {
        amount: slip.amount,
        currency,
        status: slip.status,
        createdAt: new Date(slip.createdAt),
      };
    return { lastDeposit, lastWithdrawal: withdrawal ? fact(withdrawal) : null };
  };
}
