import { SearchX, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { OfferCode, type Promotion } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { ServerHtml } from '../../components/server-html';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useClaim, useFindPromotion, useTotalBalance } from './bonus-api';
import { useDialogTop } from './dialog-top';
import {
  BannerSlides,
  claimRefusal,
  codeOf,
  OfferTerms,
  RefusalAlert,
  useReceiveBlock,
} from './offer-details';
import { useSingleSubmit } from '../../lib/single-submit';
import { useBonusTranslation } from '../../lib/bonus-texts';
import { fillOfferAmounts } from '../../lib/offer-amounts';

/** What a search found: the promotion of `code`, or null when none has it. */
interface Found {
  code: string;
  promotion: Promotion | null;
}

/** Codes that say no promotion has the code searched: told as "not found", in the dialog. */
const NOT_FOUND = ['NO_PROMOTION', 'NO_DATA'];

/**
 * The promotion code search (spec sections 2 and 5): required, upper-cased as typed; the
 * promotion found, or a not-found text, opens in a dialog.
 */
export function PromotionSearch({ currency }: { currency: Currency }) {
  const { t } = useBonusTranslation();
  const find = useFindPromotion();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);

  function search(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = OfferCode.safeParse(code);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!.message;
      // A code with letters no code has is as good as not found.
      if (issue === 'FIELD_REQUIRED') return setError(errorText(issue));
      setError(undefined);
      return setFound({ code: code.trim(), promotion: null });
    }
    setError(undefined);
    find.mutate(parsed.data, {
      onSuccess: (answer) => setFound({ code: parsed.data, promotion: answer.promotion }),
      onError: (failed) => {
        const failedCode = codeOf(failed);
        if (NOT_FOUND.includes(failedCode)) setFound({ code: parsed.data, promotion: null });
        else setFailure(errorText(failedCode));
      },
    });
  }

  return (
    <>
      <form noValidate onSubmit={search} className="card space-y-3 p-4">
        <TextField
          label={t('bonus.promotion.code')}
          name="promotionCode"
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          error={error}
          hint={t('bonus.promotion.hint')}
          placeholder={t('bonus.promotion.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
        />
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Button
          type="submit"
          block
          loading={find.isPending}
          icon={<Search className="size-5" aria-hidden="true" />}
        >
          {t('bonus.promotion.search')}
        </Button>
      </form>
      <PromotionDialog
        found={found}
        currency={currency}
        onClose={() => setFound(null)}
        onReceived={() => {
          setFound(null);
          setCode('');
        }}
      />
    </>
  );
}

/** The promotion found, with its percentFail, description, terms and a receive button; or not found. */
function PromotionDialog({
  found,
  currency,
  onClose,
  onReceived,
}: {
  found: Found | null;
  currency: Currency;
  onClose: () => void;
  onReceived: () => void;
}) {
  const { t } = useBonusTranslation();
  const toast = useToast();
  const claim = useClaim();
  const once = useSingleSubmit();
  const promotion = found?.promotion ?? null;
  const content = useDialogTop<HTMLDivElement>(found);
  // Off, with the reason beside it, when the terms shown are not met (issue 31).
  const blocked = useReceiveBlock(promotion, useTotalBalance(promotion !== null), currency);
  const reasonId = useId();

  const close = () => {
    claim.reset();
    onClose();
  };

  const receive = (picked: Promotion) =>
    once(async () => {
      const { credited } = await claim.mutateAsync({ channel: 'promotion', code: picked.code });
      toast.show(
        'success',
        t('bonus.receiveDone', { name: picked.name, amount: formatMoney(credited, currency) }),
        { after: 'close' },
      );
      claim.reset();
      onReceived();
    });

  return (
    <Dialog
      open={found !== null}
      onClose={close}
      title={promotion ? promotion.name : t('bonus.promotion.title')}
      footer={
        !found ? null : promotion ? (
          <div className="w-full space-y-3">
            {claim.isError ? (
              <RefusalAlert
                title={t('bonus.refused.promotion')}
                text={claimRefusal(codeOf(claim.error), errorText('NO_PROMOTION'))}
              />
            ) : null}
            {blocked ? (
              <p id={reasonId} data-reason="receive" className="text-sm text-mist-300">
                {blocked}
              </p>
            ) : null}
            <Button
              block
              loading={claim.isPending}
              disabled={blocked !== null}
              aria-describedby={blocked ? reasonId : undefined}
              onClick={() => receive(promotion)}
            >
              {t('bonus.promotion.receive')}
            </Button>
          </div>
        ) : (
          <Button block variant="secondary" onClick={close}>
            {t('action.close')}
          </Button>
        )
      }
    >
      {!found ? null : promotion ? (
        <div ref={content} className="space-y-4">
          <BannerSlides banners={promotion.banners} />
          <p className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300">
            {promotion.percentFail > 0
              ? t('bonus.promotion.percentFail', { percent: promotion.percentFail })
              : t('bonus.terms.noPercentFail')}
          </p>
          {promotion.description ? (
            <ServerHtml
              html={fillOfferAmounts(promotion.description, promotion, currency)}
              className="text-[15px] text-mist-300"
            />
          ) : null}
          <OfferTerms terms={promotion} currency={currency} percentFail={false} />
        </div>
      ) : (
        <div ref={content} role="status" className="flex flex-col items-center gap-3 py-4 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-ink-700 text-mist-300">
            <SearchX className="size-7" aria-hidden="true" />
          </span>
          <p className="text-lg font-semibold">{t('bonus.promotion.notFound')}</p>
          <p className="text-sm break-words text-mist-300">
            {t('bonus.promotion.notFoundText', { code: found.code })}
          </p>
        </div>
      )}
    </Dialog>
  );
}
