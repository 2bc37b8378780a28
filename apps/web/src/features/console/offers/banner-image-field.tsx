import { ImageUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { BANNER_IMAGE_LIMITS } from '@wallet/contract/http/console-offers';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { useUploadBanner } from './offers-api';

export interface BannerImageFieldProps {
  /** The saved offer's code; null for an offer not made yet (an upload needs the offer). */
  code: string | null;
  index: number;
  image: string;
  /** The stored image's address, once the server has set it on the offer. */
  onUploaded: (image: string) => void;
}

/**
 * A banner's picture: what it shows now, and an upload (PNG or JPEG) that the server checks by its
 * bytes, re-encodes and sets on the offer at once (decision 063). The size is checked here too, so
 * a file the server would refuse for it is not sent.
 */
export function BannerImageField({ code, index, image, onUploaded }: BannerImageFieldProps) {
  const { t } = useConsoleTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadBanner(code ?? '');
  // A file over the limit is refused here, with the server's own words, and never sent.
  const [tooLarge, setTooLarge] = useState(false);

  const choose = (file: File | undefined) => {
    if (!file || code === null) return;
    setTooLarge(false);
    upload.reset();
    upload.mutate(
      { index, file },
      { onSuccess: ({ offer }) => onUploaded(offer.banners[index]?.image ?? image) },
    );
  };
  const refusal = tooLarge
    ? errorText('BANNER_TOO_LARGE')
    : upload.error
      ? errorText(errorCodeOf(upload.error))
      : null;
  const previewable = image.startsWith('/') || image.startsWith('https://');

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex aspect-[2/1] w-full shrink-0 items-center justify-center overflow-hidden rounded-lg bg-ink-950 sm:w-48">
        {previewable ? (
          <img
            src={image}
            alt={t('offers.banner.previewAlt', { number: index + 1 })}
            className="size-full object-cover"
          />
        ) : (
          <span className="px-2 text-center text-xs text-mist-400">{t('offers.banner.none')}</span>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-1.5">
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file && file.size > BANNER_IMAGE_LIMITS.maxBytes) {
              upload.reset();
              setTooLarge(true);
              return;
            }
            choose(file);
          }}
        />
        <button
          type="button"
          disabled={code === null || upload.isPending}
          aria-describedby={hintId}
          aria-busy={upload.isPending || undefined}
          onClick={() => input.current?.click()}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-white/10 bg-ink-700 px-4 text-[15px] text-snow hover:bg-ink-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <ImageUp className="size-4" aria-hidden="true" />
          {upload.isPending ? t('offers.banner.uploading') : t('offers.banner.upload')}
        </button>
        <p id={hintId} className="text-xs text-mist-400">
          {code === null ? t('offers.banner.saveFirst') : t('offers.banner.hint')}
        </p>
        {refusal ? (
          <p role="alert" className="text-sm text-rose-400">
            {refusal}
          </p>
        ) : null}
        {upload.isSuccess ? (
          <p role="status" className="text-sm text-emerald-300">
            {t('offers.banner.uploaded')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
