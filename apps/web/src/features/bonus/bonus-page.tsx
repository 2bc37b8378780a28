import { Gift } from 'lucide-react';
import { useId, useState } from 'react';
import { Page } from '../../components/page';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { errorText } from '../../lib/i18n';
import { useNow } from '../../lib/use-now';
import { useActiveGrant, useBonusList } from './bonus-api';
import { BonusCard } from '../../components/bonus-card';
import { BonusDialog } from './bonus-dialog';
import { codeOf } from './offer-details';
import { LastGrant } from './last-grant';
import { PromotionSearch } from './promotion-search';
import { RunningGrant } from './running-grant';
import { useBonusTranslation } from '../../lib/bonus-texts';

/**
 * The bonus page (spec section 2, Bonus): the running grant with its progress and a cancel
 * button, or else the promotion code search; then the offers, each opening its dialog.
 */
export function BonusPage() {
  const { t } = useBonusTranslation();
  const offersTitle = useId();
  const list = useBonusList();
  const active = useActiveGrant();
  // A day or week offer opens again at midnight: the cards follow the clock.
  const now = useNow(60_000);
  const [openCode, setOpenCode] = useState<string | null>(null);

  const queries = [list, active];
  const failed = queries.find((query) => query.isError && query.data === undefined);

  let content;
  if (failed) {
    content = (
      <ErrorAlert
        action={
          <Button
            variant="secondary"
            className="px-3 text-sm"
            onClick={() =>
              void Promise.all(queries.filter((query) => query.isError).map((query) => query.refetch()))
            }
          >
            {t('action.retry')}
          </Button>
        }
      >
        {errorText(codeOf(failed.error))}
      </ErrorAlert>
    );
  } else if (!list.data || !active.data) {
    content = <Loading />;
  } else {
    const running = active.data.status;
    const currency = list.data.currency;
    const offers = list.data.bonuses;
    // Looked up by code, so the dialog follows the list when it reloads after a claim.
    const opened = offers.find((offer) => offer.code === openCode) ?? null;
    content = (
      <div className="space-y-6">
        {!running && active.data.last ? (
          <LastGrant last={active.data.last} currency={currency} now={now} />
        ) : null}
        {running ? (
          <RunningGrant active={active.data} currency={currency} />
        ) : (
          <PromotionSearch currency={currency} />
        )}
        <section aria-labelledby={offersTitle}>
          <h2 id={offersTitle} className="mb-2 text-[17px] leading-snug font-semibold">
            {t('bonus.offers')}
          </h2>
          {offers.length === 0 ? (
            <EmptyState
              icon={Gift}
              title={t('bonus.empty')}
              text={t('bonus.emptyText')}
              className="card px-6 py-10"
            />
          ) : (
            <ul className="grid gap-3">
              {offers.map((offer, index) => (
                <li key={offer.code}>
                  <BonusCard
                    first={index === 0}
                    offer={offer}
                    currency={currency}
                    now={now}
                    onOpen={(picked) => setOpenCode(picked.code)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        <BonusDialog
          offer={opened}
          running={running}
          currency={currency}
          now={now}
          onClose={() => setOpenCode(null)}
        />
      </div>
    );
  }

  return <Page title={t('bonus.title')}>{content}</Page>;
}
