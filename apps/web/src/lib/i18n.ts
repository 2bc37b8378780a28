import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import loCommon from '../locales/lo/common.json';
import loErrors from '../locales/lo/errors.json';
import thCommon from '../locales/th/common.json';
import thErrors from '../locales/th/errors.json';
import { storage } from './storage';

export const resources = {
  th: { common: thCommon, errors: thErrors },
  lo: { common: loCommon, errors: loErrors },
  en: { common: enCommon, errors: enErrors },
} as const;

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
  await i18next.changeLanguage(locale);
}

void i18next.use(initReactI18next).init({
  resources,
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

/** The member-readable text of an error code: its translation, else the code as received. */
export function errorText(code: string): string {
  return i18next.exists(code, { ns: 'errors' }) ? i18next.t(code, { ns: 'errors' }) : code;
}

export default i18next;
