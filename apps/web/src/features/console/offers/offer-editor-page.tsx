import { ArrowLeft, Info } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ConsoleOffer } from '@wallet/contract/http/console-offers';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { bodyOf, draftOf, type DraftErrors } from './offer-draft';
import { OfferFields } from './offer-fields';
import { OfferPreview } from './offer-preview';
import { useOffers, useSaveOffer } from './offers-api';

/**
 * A new offer (/console/offers/new) or one to change (/console/offers/edit/:code): every term,
 * with the offer as members will see it in each language beside the form. A change reaches only
 * new claims; the page says so and how many grants run on the offer now.
 */
export function OfferEditorPage() {
  const { code } = useParams();
  const list = useOffers();
  const { t } = useConsoleTranslation();
  if (code === undefined) return <OfferEditor offer={null} />;
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorAlert>{errorText(errorCodeOf(list.error))}</ErrorAlert>;
  const offer = list.data.offers.find((one) => one.code === code);
  if (!offer) return <ErrorAlert>{t('offers.notFound', { code })}</ErrorAlert>;
  return <OfferEditor key={offer.code} offer={offer} />;
}

function OfferEditor({ offer }: { offer: ConsoleOffer | null }) {
  const { t } = useConsoleTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveOffer();
  const [draft, setDraft] = useState(() => draftOf(offer));
  const [errors, setErrors] = useState<DraftErrors>({});

  const submit = () => {
    const { body, errors: found } = bodyOf(draft);
    setErrors(found);
    if (!body) return;
    // A change sends every field: the server keeps (and audits) only those that differ.
    save.mutate(offer ? { kind: 'update', code: offer.code, body } : { kind: 'create', body }, {
      onSuccess: ({ offer: saved }) => {
        toast.show('success', t('offers.saved', { code: saved.code }), { after: 'leave' });
        void navigate('/console/offers');
      },
    });
  };

  return (
    <section className="mx-auto h-full w-full max-w-6xl overflow-y-auto px-3 py-4 sm:px-6">
      <Link
        to="/console/offers"
        className="mb-3 inline-flex min-h-11 items-center gap-2 text-sm text-mist-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('offers.back')}
      </Link>
      <h1 className="mb-3 text-[22px] font-bold">
        {offer ? t('offers.editTitle', { code: offer.code }) : t('offers.newTitle')}
      </h1>
      {offer ? (
        <p
          role="note"
          className="mb-4 flex gap-2.5 rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-200"
          data-running={offer.running}
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{t('offers.onlyNewClaims', { count: offer.running })}</span>
        </p>
      ) : null}
      <form
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="space-y-4">
          <OfferFields draft={draft} errors={errors} isNew={offer === null} onChange={setDraft} />
          {save.isError ? (
            <p role="alert" className="text-sm text-rose-400">
              {errorText(errorCodeOf(save.error))}
            </p>
          ) : null}
          <Button type="submit" block loading={save.isPending}>
            {offer ? t('offers.save') : t('offers.create')}
          </Button>
        </div>
        <aside aria-label={t('offers.preview.title')} className="lg:sticky lg:top-0 lg:self-start">
          <h2 className="mb-3 text-[15px] font-semibold">{t('offers.preview.title')}</h2>
          <OfferPreview draft={draft} />
        </aside>
      </form>
    </section>
  );
}
