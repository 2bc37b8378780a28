import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import { ServerHtml } from '../../../components/server-html';
import { Loading } from '../../../components/ui/loading';
import '../../../lib/bonus-texts';
import i18next, { loadLocale } from '../../../lib/i18n';
import { BonusCard } from '../../../components/bonus-card';
import { OfferTerms } from '../../../components/offer-terms';
import { useConsoleTranslation } from '../console-texts';
import { previewOf, type OfferDraft } from './offer-draft';
import { fillOfferAmounts } from '../../../lib/offer-amounts';
import { useLookup } from '../../../lib/lookups';

/** One i18next per language, sharing the texts of the app's own: a preview never switches the console's. */
const instances = new Map<Locale, I18n>();
function instanceOf(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.cloneInstance({ lng: locale });
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * The offer as members will see it, in each language, before it is saved: the member app's own
 * bonus card, notice and terms (features/bonus), drawn with that language's texts.
 */
export function OfferPreview({ draft }: { draft: OfferDraft }) {
  const { t } = useConsoleTranslation();
  // Every language's member texts, fetched once (the console shows one language itself).
  const texts = useQuery({
    queryKey: ['console', 'preview-texts'],
    queryFn: async () => {
      await Promise.all(LOCALES.map((locale) => loadLocale(locale)));
      return true;
    },
    staleTime: Infinity,
  });
  // The card's count of claims looks at "now"; a preview has none, so any instant will do.
  const [now] = useState(() => Date.now());
  // In the market's first currency: kip on a Lao site, baht on a Thai one (decision 067).
  const currency = useLookup('market').data?.currencies[0] ?? 'BAHT';
  if (texts.isPending) return <Loading />;
  return (
    <div className="space-y-5">
      {LOCALES.map((locale) => {
        const offer = previewOf(draft, locale, currency);
        return (
          <section key={locale} lang={locale} aria-label={t(`offers.preview.${locale}`)}>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-mist-400 uppercase">
              {t(`offers.preview.${locale}`)}
            </h3>
            {offer ? (
              <I18nextProvider i18n={instanceOf(locale)}>
                <div className="space-y-3">
                  <BonusCard offer={offer} currency={currency} now={now} onOpen={() => undefined} />
                  {offer.notice ? (
                    <ServerHtml
                      html={fillOfferAmounts(offer.notice, offer, currency)}
                      className="text-sm whitespace-pre-line text-mist-300"
                    />
                  ) : null}
                  <OfferTerms terms={offer} currency={currency} />
                </div>
              </I18nextProvider>
            ) : (
              <p className="text-sm text-mist-400">{t('offers.preview.incomplete')}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
