import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18next from '../lib/i18n';
import { resources } from './locales';

// The app fetches one language's texts before its first render (lib/i18n.ts); tests render at
// once, in any language, so every language is here from the start.
for (const [locale, texts] of Object.entries(resources)) {
  for (const [ns, bundle] of Object.entries(texts)) i18next.addResourceBundle(locale, ns, bundle, true, true);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
