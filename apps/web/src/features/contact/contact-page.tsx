import { ExternalLink, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@wallet/contract/constants';
import { Page } from '../../components/page';
import { Loading } from '../../components/ui/loading';
import defaultQr from '../../assets/default-contact-qr.svg';
import { useLookup } from '../../lib/lookups';

/** How to reach support (spec section 2, Contact). */
export function ContactPage() {
  const { t } = useTranslation();
  const contact = useLookup('contact');
  const data = contact.data?.contact;

  return (
    <Page title={t('contact.title')}>
      {contact.isPending ? (
        <Loading />
      ) : (
        <div className="card flex flex-col items-center gap-5 px-5 py-6 text-center">
          <p className="text-[15px] text-mist-300">{data?.contactText ?? t('contact.fallbackText')}</p>
          <div className="rounded-2xl bg-white p-3">
            <img
              src={data?.lineQR ?? defaultQr}
              alt={t('contact.qrAlt')}
              width={176}
              height={176}
              className="size-44"
            />
          </div>
          {data?.lineName ? (
            <p className="flex items-center gap-2 text-lg font-semibold">
              <MessageCircle className="size-5 text-mint-400" aria-hidden="true" />
              {data.lineName}
            </p>
          ) : null}
          {data?.lineLink ? (
            <a
              href={data.lineLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-[#06c755] px-5 font-semibold text-ink-950 hover:brightness-105"
            >
              {t('contact.openChat')}
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          ) : null}
          {/* WhatsApp as well, where the operator offers it (issue 32 section 3). */}
          {data?.whatsappLink ? (
            <a
              href={data.whatsappLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-[#25d366] px-5 font-semibold text-ink-950 hover:brightness-105"
            >
              {t('contact.openWhatsapp')}
              {data.whatsappName ? <span className="font-normal">{data.whatsappName}</span> : null}
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          ) : null}
        </div>
      )}
      <p className="mt-6 text-center text-sm text-mist-500">
        {t('contact.version', { version: APP_VERSION })}
      </p>
    </Page>
  );
}
