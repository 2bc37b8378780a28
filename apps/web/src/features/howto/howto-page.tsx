import { Gift, Flag, Gamepad2, Play, Wallet, Scale, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOWTO_LANGUAGE, LOCALES, type HowtoTopic, type Locale } from '@wallet/contract/constants';
import { Page } from '../../components/page';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Loading } from '../../components/ui/loading';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';

const ICONS: Record<HowtoTopic, LucideIcon> = {
  wallet: Wallet,
  play: Gamepad2,
  balance: Scale,
  bonus: Gift,
  endBonus: Flag,
};

/**
 * The clip of `url` in the member's language: `{lang}` in a URL stands for th, lo or en, so one
 * setting names a recording per language (decision 073). A URL without it serves every language.
 */
export function clipUrl(url: string, language: string): string {
  const locale: Locale = (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'th';
  return url.replaceAll(HOWTO_LANGUAGE, locale);
}

/** Five short videos (spec section 2, How-to); the URLs come from the server. */
export function HowtoPage() {
  const { t, i18n } = useTranslation();
  const howto = useLookup('howto');
  const [playing, setPlaying] = useState<{ topic: HowtoTopic; url: string } | null>(null);

  return (
    <Page title={t('howto.title')}>
      <p className="-mt-2 mb-4 text-mist-400">{t('howto.subtitle')}</p>
      {howto.isPending ? (
        <Loading />
      ) : howto.isError && !howto.data ? (
        <ErrorAlert
          action={
            <Button variant="secondary" className="px-3 text-sm" onClick={() => void howto.refetch()}>
              {t('action.retry')}
            </Button>
          }
        >
          {errorText(howto.error instanceof ApiError ? howto.error.code : 'INTERNAL_SERVER_ERROR')}
        </ErrorAlert>
      ) : (
        <ul className="space-y-3">
          {(howto.data?.videos ?? []).map((video, index) => {
            const Icon = ICONS[video.topic];
            return (
              <li key={video.topic}>
                <button
                  type="button"
                  onClick={() => setPlaying(video)}
                  className="card flex w-full items-center gap-4 p-4 text-left transition hover:border-gold-400/40"
                >
                  <span className="relative inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-ink-700 text-gold-300">
                    <Icon className="size-7" aria-hidden="true" />
                    <span className="absolute -top-1.5 -left-1.5 inline-flex size-6 items-center justify-center rounded-full bg-gold-400 text-xs font-bold text-ink-950">
                      {index + 1}
                    </span>
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{t(`howto.topic.${video.topic}.title`)}</span>
                    <span className="block text-sm text-mist-400">
                      {t(`howto.topic.${video.topic}.text`)}
                    </span>
                  </span>
                  <span className="gold-gradient inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-950">
                    <Play className="size-5 translate-x-px" aria-hidden="true" />
                    <span className="sr-only">{t('howto.play')}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog
        open={playing !== null}
        onClose={() => setPlaying(null)}
        title={playing ? t(`howto.topic.${playing.topic}.title`) : ''}
      >
        {playing ? (
          <video
            key={clipUrl(playing.url, i18n.language)}
            src={clipUrl(playing.url, i18n.language)}
            controls
            autoPlay
            playsInline
            className="mx-auto aspect-[9/16] max-h-[65dvh] w-auto rounded-xl bg-black"
          />
        ) : null}
      </Dialog>
    </Page>
  );
}
