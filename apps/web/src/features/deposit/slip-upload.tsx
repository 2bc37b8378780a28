import { ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlipLookup } from '@wallet/contract/http/lookup';
import type { SlipUploadResult } from '@wallet/contract/http/deposit';
import type { Currency } from '@wallet/contract/money';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import type { MoneyRequester } from '../../lib/idempotency';
import { useNow } from '../../lib/use-now';
import { uploadSlip } from './deposit-api';
import { slipUploadClosed } from './slip-window';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR');

const RESULT_STYLE: Record<SlipUploadResult['status'], string> = {
  SUCCESS: 'bg-mint-400/15 text-mint-400',
  PENDING: 'bg-amber-400/15 text-amber-300',
  FAILED: 'bg-rose-500/15 text-rose-200',
};

/**
 * The slip of a bank transfer: choose an image, upload it with progress, read the verdict. Only a
 * missing file is refused here; whether the file is a slip, fresh, ours and unused is the
 * server's to say, and its answer is shown translated.
 */
export function SlipUpload({
  money,
  currency,
  slip,
  onDeposited,
}: {
  money: MoneyRequester;
  currency: Currency;
  /** The slip lookup; undefined while it loads or when it failed (the server still judges). */
  slip: SlipLookup['slip'] | undefined;
  onDeposited: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<SlipUploadResult | null>(null);
  /** The slip was kept for staff (SENDER_UNCONFIRMED): nothing credited, nothing to retry. */
  const [review, setReview] = useState(false);
  const now = useNow(30_000);
  const closed = slip ? slipUploadClosed(slip, new Date(now)) : false;
  const uploading = progress !== null;

  // The preview's object URL lives as long as its file is the chosen one.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);
  // An answer appears above the button the member tapped, and the preview above it goes: bring
  // the answer and the button into the dialog's view.
  useEffect(() => {
    if (failure || result || review) answer.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure, result, review]);

  function clearChosen() {
    setChosen(null);
    if (input.current) input.current.value = '';
  }

  function choose(file: File | undefined) {
    setFailure(null);
    setResult(null);
    setReview(false);
    setChosen(file ? { file, preview: URL.createObjectURL(file) } : null);
  }

  async function upload() {
    setResult(null);
    setReview(false);
    if (!chosen) {
      setFailure(errorText('SLIP_NO_FILE'));
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      const answer = await uploadSlip(money, chosen.file, setProgress);
      setResult(answer);
      clearChosen();
      if (answer.status === 'SUCCESS') onDeposited();
    } catch (error) {
      if (codeOf(error) === 'SENDER_UNCONFIRMED') {
        // Not a failure to retry: the server keeps the slip for staff (REVIEW in Slip status).
        setReview(true);
        clearChosen();
        return;
      }
      // The file stays chosen: trying again after a lost answer sends it with the same key.
      setFailure(errorText(codeOf(error)));
    } finally {
      setProgress(null);
    }
  }

  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-white/5 p-4">
      <h3 id={titleId} className="text-[15px] font-semibold">
        {t('deposit.slip.title')}
      </h3>
      {closed && slip ? (
        <p className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300">
          {t('deposit.slip.closed', { from: slip.closedFrom, to: slip.closedTo })}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg"
          disabled={closed || uploading}
          onChange={(event) => choose(event.target.files?.[0])}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl border border-dashed border-white/20 bg-ink-900 px-4 py-2 text-center text-[15px] text-snow peer-focus-visible:ring-2 peer-focus-visible:ring-gold-400 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
        >
          <ImageUp className="size-5 shrink-0 text-gold-300" aria-hidden="true" />
          {t(chosen ? 'deposit.slip.change' : 'deposit.slip.choose')}
        </label>
        {chosen ? (
          <img
            src={chosen.preview}
            alt={t('deposit.slip.preview')}
            className="h-14 w-11 shrink-0 rounded-lg bg-ink-900 object-cover"
          />
        ) : null}
      </div>
      <p className="text-sm break-all text-mist-400">
        {chosen ? chosen.file.name : t('deposit.slip.noFile')}
      </p>
      {uploading ? (
        <div
          role="progressbar"
          aria-label={t('deposit.slip.uploading')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 overflow-hidden rounded-full bg-ink-900"
        >
          <div
            className="h-full rounded-full bg-gold-400 transition-[width]"
            style={{ width: `${progress * 100}%` }}
          />
        </div>
      ) : null}
      <div ref={answer} className="space-y-3">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {result ? (
          <p role="status" className={`rounded-xl px-4 py-3 text-sm ${RESULT_STYLE[result.status]}`}>
            {t(`deposit.slip.result.${result.status}`, { amount: formatMoney(result.amount, currency) })}
          </p>
        ) : null}
        {review ? (
          <div
            role="status"
            className="space-y-1 rounded-xl bg-amber-400/15 px-4 py-3 text-sm text-amber-300"
          >
            <p>{errorText('SENDER_UNCONFIRMED')}</p>
            <p>{t('deposit.slip.result.REVIEW')}</p>
          </div>
        ) : null}
        <Button block loading={uploading} disabled={closed} onClick={() => void upload()}>
          {t('deposit.slip.upload')}
        </Button>
      </div>
    </section>
  );
}
