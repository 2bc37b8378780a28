import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18next from '../lib/i18n';
import { resources } from './locales';

// The app fetches one language's texts before its first render (lib/i18n.ts); tests render at
// once, in any language, so every language is here from the start.
for (const [locale, texts] of Object.entries(resources)) {
  for (const [ns, bundle] of Object.entries(texts)) i18next.addResourceBundle(locale, ns, bundle, true, true);
}

// NOTE: happy-dom gives a <span> no display of its own, so an accessible name put a space
// between two spans ("ລາຍການ ເຄື່ອນໄຫວບັນຊີ" for a title of <Phrase>, decision 029), where a
// browser, for inline spans, does not.
const inlineSpans = document.createElement('style');
inlineSpans.textContent = 'span { display: inline; }';
document.head.append(inlineSpans);

// NOTE: a test's first screen waits for its lazy route's chunk to be imported, which took over
// the default 1 s on a loaded machine (two cores shared with the server suite and browsers).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
