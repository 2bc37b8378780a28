import type { z } from 'zod';
import type { OfferTerms } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { formatMoney } from './format';

/** The placeholders an offer's texts may name its amounts by (decision 067). */
const PLACEHOLDER = /\{(minimumDeposit|maxBonus|bonusAmount|floor)\}/g;

type Amounts = Pick<z.infer<typeof OfferTerms>, 'reward' | 'minimumDeposit' | 'floor'>;

/**
 * An offer's text (its notice, description or a banner) with its amounts filled in the member's
 * currency: staff write `{maxBonus}`, never a figure, so a kip member reads ₭ figures and a baht
 * member ฿ ones (decision 067). A placeholder the offer has no amount for is left as written.
 */
export function fillOfferAmounts(text: string, terms: Amounts, currency: Currency): string {
  const values: Record<string, number | null> = {
    minimumDeposit: terms.minimumDeposit,
    floor: terms.floor,
    maxBonus: terms.reward.kind === 'percent' ? terms.reward.max : null,
    bonusAmount: terms.reward.kind === 'fixed' ? terms.reward.amount : null,
  };
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === null || value === undefined ? whole : formatMoney(value, currency);
  });
}
