import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import { storage } from './storage';

/**
 * Each language's `common` and `errors` texts are a chunk of their own (locales/<lang>.ts): a page
 * fetches the member's language before its first render, English (the fallback) afterwards, and
 * another language when the member switches to it (issue 15, decision 033).
 */
const LOADERS: Record<Locale, () => Promise<{ default: Record<'common' | 'errors', object> }>> = {
  th: () => import('../locales/th'),
  lo: () => import('../locales/lo'),
  en: () => import('../locales/en'),
};
const loading = new Map<Locale, Promise<void>>();

/** Fetches a language's texts once: callers meanwhile share the fetch. */
export function loadLocale(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'common')) return Promise.resolve();
  let load = loading.get(locale);
  if (!load) {
    load = LOADERS[locale]().then(({ default: texts }) => {
      for (const [ns, bundle] of Object.entries(texts))
        i18next.addResourceBundle(locale, ns, bundle, true, true);
    });
    // Forgotten once settled: from then on the bundle answers, and a failed fetch is tried again.
    const forget = () => loading.delete(locale);
    load.then(forget, forget);
    loading.set(locale, load);
  }
  return load;
}

let wanted: Locale | undefined;

/**
 * Shows the site in `locale`, once its texts are here (never keys in place of texts). Of two
 * switches in a row, the later one wins, whichever language arrives first.
 */
export async function showLocale(locale: Locale): Promise<void> {
  wanted = locale;
  await loadLocale(locale);
  if (wanted === locale) await i18next.changeLanguage(locale);
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The member's own choice, if they made one; otherwise Thai until the market says Lao. */
export function initialLocale(): Locale {
  const stored = storage.getLocale();
  return isLocale(stored) ? stored : 'th';
}

export function hasChosenLocale(): boolean {
  return isLocale(storage.getLocale());
}

/** Switches the language and remembers the choice. */
export async function chooseLocale(locale: Locale): Promise<void> {
  storage.setLocale(locale);
  await showLocale(locale);
}

// NOTE: `resources` given (empty) keeps init synchronous; texts are added by loadLocale.
void i18next.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLocale(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  ns: ['common', 'errors'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18next.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18next.language;

/**
 * Resolves once the first language's texts are here: main.tsx renders after it. English, the
 * fallback for a text missing in another language, follows when the page is idle.
 */
export const i18nReady: Promise<void> = loadLocale(initialLocale()).then(() => {
  if (i18next.language === 'en') return;
  // When the page is idle, so it never competes with what the first screen fetches.
  const fallback = () => void loadLocale('en').catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(fallback, { timeout: 5000 });
  else window.setTimeout(fallback, 2000);
});

/** The member-readable text of an error code: its translation, else the code as received. */
export function errorText(code: string): string {
  return i18next.exists(code, { ns: 'errors' }) ? i18next.t(code, { ns: 'errors' }) : code;
}

export default i18next;
