import type { BonusBanner, BonusOffer } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { formatMoney } from '../../lib/format';
import { BannerSlides as SharedBannerSlides } from '../../components/banner-slides';
export { OfferTerms } from '../../components/offer-terms';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useBonusTranslation } from '../../lib/bonus-texts';

export const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR');

/** An offer's banners one at a time: each image with its (sanitised) HTML under it. */
export function BannerSlides({ banners }: { banners: BonusBanner[] }) {
  const { t } = useBonusTranslation();
  return (
    <SharedBannerSlides
      banners={banners}
      title={t('bonus.banners.title')}
      previousLabel={t('bonus.banners.previous')}
      nextLabel={t('bonus.banners.next')}
    />
  );
}

/**
 * A refused claim or cancel, titled with what was refused ("Bonus not received"): the generic
 * error title told the member nothing (issue 31).
 */
export function RefusalAlert({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className="rounded-xl bg-rose-500/15 px-4 py-3 text-sm text-rose-200">
      <p className="font-semibold">{title}</p>
      <p>{text}</p>
    </div>
  );
}

/** The terms a receive button is judged on before the member taps it. */
type ReceiveTerms = Pick<BonusOffer, 'reward' | 'minimumDeposit' | 'floor'>;

/**
 * Why the server would refuse a claim of these terms now, from what the member holds (`total`,
 * wallet and games), or null. Only what is certain: a deposit of at least the minimum cannot be
 * there untouched while less than it is held (BONUS_DEPOSIT_SPENT); an offer without a deposit is
 * refused while the total reaches its floor (BONUS_BALANCE_NOT_EMPTY). Anything else the server
 * tells on receiving.
 */
export function useReceiveBlock(terms: ReceiveTerms | null, total: number | null, currency: Currency) {
  const { t } = useBonusTranslation();
  if (!terms || total === null) return null;
  const money = (minor: number) => formatMoney(minor, currency);
  const noDeposit = terms.reward.kind === 'fixed' && terms.minimumDeposit === 0;
  if (noDeposit && terms.floor > 0 && total >= terms.floor)
    return t('bonus.why.balanceOver', { total: money(total), amount: money(terms.floor) });
  if (!noDeposit && terms.minimumDeposit > 0 && total < terms.minimumDeposit)
    return t('bonus.why.depositFirst', { amount: money(terms.minimumDeposit) });
  return null;
}

/** The member's words for a refused claim: the code's translation, NO_DATA said of the offer. */
export function claimRefusal(code: string, offerGone: string): string {
  return code === 'NO_DATA' ? offerGone : errorText(code);
}
