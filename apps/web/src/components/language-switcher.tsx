import { Check, Globe } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import { chooseLocale } from '../lib/i18n';

/** Each language named in itself, so a member finds their own whatever is showing. */
const NATIVE_NAMES: Record<Locale, string> = { th: 'ไทย', lo: 'ລາວ', en: 'English' };
const SHORT: Record<Locale, string> = { th: 'TH', lo: 'LO', en: 'EN' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const current = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'th';

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('language.choose')}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-11 items-center gap-1.5 rounded-full border border-white/10 bg-ink-800 px-3 text-sm font-semibold text-mist-300 hover:text-snow"
      >
        <Globe className="size-4" aria-hidden="true" />
        {SHORT[current]}
      </button>
      {open ? (
        <ul
          id={menuId}
          className="absolute right-0 z-50 mt-2 w-44 overflow-hidden rounded-xl border border-white/10 bg-ink-700 py-1 shadow-xl"
        >
          {LOCALES.map((locale) => (
            <li key={locale}>
              <button
                type="button"
                lang={locale}
                aria-current={locale === current ? 'true' : undefined}
                onClick={() => {
                  setOpen(false);
                  void chooseLocale(locale);
                }}
                className="flex min-h-11 w-full items-center justify-between px-4 text-left text-[15px] hover:bg-white/5"
              >
                {NATIVE_NAMES[locale]}
                {locale === current ? <Check className="size-4 text-gold-300" aria-hidden="true" /> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
