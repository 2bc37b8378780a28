import { useDepositTranslation } from '../../lib/deposit-texts';
import { Headset, ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SlipLookup } from '@wallet/contract/http/lookup';
import type { SlipUploadResult } from '@wallet/contract/http/deposit';
import type { Currency } from '@wallet/contract/money';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import type { MoneyRequester } from '../../lib/idempotency';
import { useNow } from '../../lib/use-now';
import { uploadSlip } from './deposit-api';
import { slipUploadClosed } from './slip-window';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR');

/** Slips whose QR code could not be read: the member is told how to upload one that can be. */
const UNREADABLE = new Set([
  'INVALID_SLIP',
  'CANNOT_READ_CROPPED_IMAGE',
  'UNSTABLE_REFNO_ON_SLIP',
  'IMG_SIZE_UNABLE_TO_PROCESS',
]);

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
  const { t } = useDepositTranslation();
  const titleId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const verdict = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** The code the upload was refused with. */
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<SlipUploadResult | null>(null);
  /**
   * The code of a slip kept for staff (SENDER_UNCONFIRMED, or money of the other currency: sent to
   * our account of it, DEST_ACC_TAKES_*, or from the member's, SENDER_ACC_OTHER_CURRENCY): nothing
   * credited, nothing to retry; null: none.
   */
  const [review, setReview] = useState<string | null>(null);
  const now = useNow(30_000);
  const closed = slip ? slipUploadClosed(slip, new Date(now)) : false;
  const uploading = progress !== null;

  // The preview's object URL lives as long as its file is the chosen one.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);
  // The verdict appears under the button the member tapped, perhaps below the dialog's fold (and
  // the preview above goes): the dialog scrolls to it, the button staying in view above it.
  useEffect(() => {
    if (failure || result || review) verdict.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure, result, review]);

  function clearChosen() {
    setChosen(null);
    if (input.current) input.current.value = '';
  }

  function choose(file: File | undefined) {
    setFailure(null);
    setResult(null);
    setReview(null);
    setChosen(file ? { file, preview: URL.createObjectURL(file) } : null);
  }

  async function upload() {
    setResult(null);
    setReview(null);
    if (!chosen) {
      setFailure('SLIP_NO_FILE');
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
      if (KEPT_FOR_STAFF.has(codeOf(error))) {
        // Not a failure to retry: the server keeps the slip for staff (REVIEW in Slip status).
        setReview(codeOf(error));
        clearChosen();
        return;
      }
      // The file stays chosen: trying again after a lost answer sends it with the same key.
      setFailure(codeOf(error));
    } finally {
      setProgress(null);
    }
  }

  return (
    <section aria-labelledby={titleId} className="space-y-2.5 border-t border-white/10 pt-3">
      {/* The file chosen beside the title: the upload button stays in view (see BankTab). */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={titleId} className="text-[15px] font-semibold">
          {t('deposit.slip.title')}
        </h3>
        <p className="max-w-full min-w-0 truncate text-sm text-mist-400">
          {chosen ? chosen.file.name : t('deposit.slip.noFile')}
        </p>
      </div>
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
            className="h-11 w-9 shrink-0 rounded-lg bg-ink-900 object-cover"
          />
        ) : null}
      </div>
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
      <Button block loading={uploading} disabled={closed} onClick={() => void upload()}>
        {t('deposit.slip.upload')}
      </Button>
      {failure || result || review ? (
        // Clear of the dialog's edge when scrolled to (the body's padding scrolls with it).
        <div ref={verdict} className="scroll-my-4">
          {failure ? <SlipRefusal code={failure} /> : null}
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
              <p>{errorText(review)}</p>
              {/* A currency's refusal says itself that nothing was credited and what to do. */}
              {review === 'SENDER_UNCONFIRMED' ? <p>{t('deposit.slip.result.REVIEW')}</p> : null}
              <SupportLink />
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Why a slip was refused, and what to do next where the code alone does not say: an unreadable
 * slip, how to upload one that reads; a sender that is not the member's registered account
 * (NOT_MATCH, certain: bank and digits differ), that nothing was credited, where the money is and
 * how to reach support.
 */
/** Refusals whose slip the server keeps for staff (status REVIEW): told as a status, with support. */
const KEPT_FOR_STAFF = new Set([
  'SENDER_UNCONFIRMED',
  'DEST_ACC_TAKES_BAHT',
  'DEST_ACC_TAKES_KIP',
  'SENDER_ACC_OTHER_CURRENCY',
]);

function SlipRefusal({ code }: { code: string }) {
  const { t } = useDepositTranslation();
  const advice = UNREADABLE.has(code)
    ? t('deposit.slip.advice.unreadable')
    : code === 'NOT_MATCH'
      ? t('deposit.slip.advice.notMatch')
      : null;
  return (
    <div role="alert" className="space-y-1.5 rounded-xl bg-rose-500/15 px-4 py-3 text-sm text-rose-200">
      <p className={advice ? 'font-semibold' : undefined}>{errorText(code)}</p>
      {advice ? <p>{advice}</p> : null}
      {code === 'NOT_MATCH' ? <SupportLink /> : null}
    </div>
  );
}

/** The Contact page: the operator's chat and LINE account. */
function SupportLink() {
  const { t } = useDepositTranslation();
  return (
    <Link
      to="/user/contact"
      className="mt-1 inline-flex min-h-11 items-center gap-2 rounded-xl bg-white/10 px-4 font-semibold text-snow hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-gold-400 focus-visible:outline-none"
    >
      <Headset className="size-5 shrink-0" aria-hidden="true" />
      {t('deposit.slip.contactSupport')}
    </Link>
  );
}
