import type { SlipRow } from '@wallet/contract/http/deposit';
import type { StatementRow } from '@wallet/contract/http/statement';
import type { Currency } from '@wallet/contract/money';
import type { MoneyFact, MoneyFacts } from './chat-bot';

/** What the bot reads of a member's money: their own statement and slips, nothing else. */
export interface MoneyFactSources {
  statement: (memberId: number) => Promise<StatementRow[]>;
  slips: (memberId: number) => Promise<SlipRow[]>;
  currencyOf: (memberId: number) => Promise<Currency>;
}

/**
 * The member's latest deposit and withdrawal. A slip that was not credited (failed, pending, in
 * review) counts as a deposit too: it is what a member means by "my deposit has not arrived".
 */
export function moneyFactsFrom(sources: MoneyFactSources): (memberId: number) => Promise<MoneyFacts> {
  return async (memberId) => {
    const [rows, slips, currency] = await Promise.all([
      sources.statement(memberId),
      sources.slips(memberId),
      sources.currencyOf(memberId),
    ]);
    const fact = (row: StatementRow): MoneyFact => ({
      amount: row.amount,
      currency,
      status: row.status,
      createdAt: new Date(row.createdAt),
    });
    const deposit = rows.find((row) => row.statementType === 'deposit');
    const withdrawal = rows.find((row) => row.statementType === 'withdraw');
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
