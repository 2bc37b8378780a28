import type { BonusBanner } from '@wallet/contract/http/bonus';
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

/** A refused claim or cancel, told with the generic error title (spec section 8). */
export function RefusalAlert({ text }: { text: string }) {
  const { t } = useBonusTranslation();
  return (
    <div role="alert" className="rounded-xl bg-rose-500/15 px-4 py-3 text-sm text-rose-200">
      <p className="font-semibold">{t('error.title')}</p>
      <p>{text}</p>
    </div>
  );
}

/** The member's words for a refused claim: the code's translation, NO_DATA said of the offer. */
export function claimRefusal(code: string, offerGone: string): string {
  return code === 'NO_DATA' ? offerGone : errorText(code);
}
