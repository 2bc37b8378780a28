import { z } from 'zod';
import { TurnoverContribution } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import type { GrantTerms } from './grants.tables';

const minor = z.number().int().min(0);
/** An amount per currency (decision 067): a grant reads the member's. */
const perCurrency = z.object({ BAHT: minor, LAK: minor });
const names = z.object({ th: z.string(), lo: z.string(), en: z.string() });

/**
 * The terms of a grant a program makes, as an operator sets them (the invite bonus's, the loss
 * refund's, a spin-wheel bonus prize's): the turnover to play, what success keeps and cancelling
 * forfeits.
 */
export const ProgramTerms = z.object({
  names,
  turnoverMultiple: z.number().int().min(0).max(100),
  contributions: z.array(TurnoverContribution).min(1),
  /** The grant ends by itself under this total, in the member's currency. */
  floor: perCurrency,
  /** Percent of the amount kept once the turnover is met (`success`). */
  success: z.number().int().min(0).max(100),
  /** Percent forfeited when cancelled before (`fail`). */
  fail: z.number().int().min(0).max(100),
  grantDays: z.number().int().min(1).max(90),
});
export type ProgramTerms = z.infer<typeof ProgramTerms>;

/**
 * The terms a program's grant copies in the member's currency (the engine reads them as it reads
 * an offer's).
 */
export function programTerms(
  program: 'invite' | 'refund' | 'prize',
  settings: ProgramTerms,
  currency: Currency,
): GrantTerms {
  return {
    code: program.toUpperCase(),
    // A spin-wheel prize shows as a lucky draw on the statement (decision 021).
    channel: program === 'prize' ? 'luckydraw' : program,
    names: settings.names,
    type: 'limit',
    maxReceived: 1,
    reward: { kind: 'fixed', amount: 0 as never },
    minimumDeposit: '0',
    turnoverMultiple: settings.turnoverMultiple,
    contributions: settings.contributions,
    // NOTE: no cap: a program's money is credited into a wallet that may hold the member's own
    // savings, which a cap (a multiple of deposit + bonus) would take.
    withdrawCapMultiple: null,
    floor: String(settings.floor[currency]),
    percentFail: settings.fail,
    grantDays: settings.grantDays,
    keepPercent: settings.success,
  };
}
