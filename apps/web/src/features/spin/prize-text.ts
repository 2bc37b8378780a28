import type { PrizeKind, PrizeUnit } from '@wallet/contract/http/spinwheel';
import { formatMoney } from '../../lib/format';
import { useSpinTranslation } from './spin-texts';

/** A prize as a slice, a coupon and a claim answer carry it. */
export interface Prize {
  kind: PrizeKind;
  /** Minor units of `unit`, or a count of coins. */
  amount: number;
  unit: PrizeUnit | null;
}

/** A money amount's currency (a prize without a unit is in baht, the house's currency). */
const currencyOf = (unit: PrizeUnit | null) => (unit === 'LAK' ? 'LAK' : 'BAHT');

/** Prizes in the member's words: the amount alone (tables), or what the member gets. */
export function usePrizeText() {
  const { t } = useSpinTranslation();
  const isCoins = (prize: Prize) => prize.kind === 'coin' || prize.unit === 'COIN';
  const money = (prize: Prize) => formatMoney(prize.amount, currencyOf(prize.unit));
  return {
    /** "฿50.00", "3 coins", or "—" for nothing. */
    amount(prize: Prize): string {
      if (prize.kind === 'none') return '—';
      return isCoins(prize) ? t('prize.coin', { count: prize.amount }) : money(prize);
    },
    /** "฿50.00 to your wallet", "฿100.00 bonus", "3 coins", "No prize". */
    describe(prize: Prize): string {
      if (prize.kind === 'none') return t('prize.none');
      if (isCoins(prize)) return t('prize.coin', { count: prize.amount });
      return t(prize.kind === 'bonus' ? 'prize.bonus' : 'prize.cash', { amount: money(prize) });
    },
    /** What a claim confirm says will happen. */
    claimText(prize: Prize): string {
      if (isCoins(prize)) return t('claim.text.coin', { count: prize.amount });
      return t(prize.kind === 'bonus' ? 'claim.text.bonus' : 'claim.text.cash', { amount: money(prize) });
    },
    /** What a successful claim's toast says. */
    doneText(prize: Prize): string {
      if (isCoins(prize)) return t('claim.done.coin', { count: prize.amount });
      return t(prize.kind === 'bonus' ? 'claim.done.bonus' : 'claim.done.cash', { amount: money(prize) });
    },
  };
}
