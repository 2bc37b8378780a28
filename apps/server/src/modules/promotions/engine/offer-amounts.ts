import type { BonusReward } from '@wallet/contract/http/bonus';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import type { OfferRow } from './grants.repository';

/**
 * An offer with its amounts in one currency (decision 067): the offer keeps a value per currency,
 * a member's claim, check and view read the member's. Everything past this point (the claim's
 * checks, the terms a grant copies) sees plain minor units, as before.
 */
export type OfferIn = Omit<OfferRow, 'reward' | 'minimumDeposit' | 'floor' | 'budget' | 'granted'> & {
  currency: Currency;
  reward: BonusReward;
  minimumDeposit: bigint;
  floor: bigint;
  budget: bigint | null;
  granted: bigint;
};

export function offerIn(offer: OfferRow, currency: Currency): OfferIn {
  const reward: BonusReward =
    offer.reward.kind === 'percent'
      ? { kind: 'percent', percent: offer.reward.percent, max: offer.reward.max[currency] as MinorUnits }
      : { kind: 'fixed', amount: offer.reward.amount[currency] as MinorUnits };
  return {
    ...offer,
    currency,
    reward,
    minimumDeposit: BigInt(offer.minimumDeposit[currency]),
    floor: BigInt(offer.floor[currency]),
    budget: offer.budget === null ? null : BigInt(offer.budget[currency]),
    granted: BigInt(offer.granted[currency] ?? 0),
  };
}
