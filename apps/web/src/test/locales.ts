import en from '../locales/en';
import lo from '../locales/lo';
import th from '../locales/th';

/** Every language's first texts at once, as tests render without waiting for a chunk (lib/i18n.ts). */
export const resources = { th, lo, en } as const;
