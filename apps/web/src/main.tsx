// Only the scripts the site speaks: Latin, Thai and Lao.
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-600.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-600.css';
import '@fontsource/noto-sans-thai/thai-700.css';
import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-600.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import './styles.css';
import i18next, { i18nReady } from './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { preloadScreen, routes } from './app/routes';
import { configureApiClient } from './lib/api-client';
import { storage } from './lib/storage';

const router = createBrowserRouter(routes);
// Before the first render, so the very first call already knows where `gone` leads.
configureApiClient({
  onGone: () => void router.navigate('/terminated', { replace: true }),
  onSessionEnded: () => void router.navigate('/login', { replace: true }),
  locale: () => i18next.language,
});

// The opened screen's chunks and, for home, its first reads start now, beside the language's
// texts, instead of one after another as each part renders (issue 30, decision 076).
const queryClient = createQueryClient();
preloadScreen(window.location.pathname, storage.getToken() !== null, queryClient);

// The first render waits for the language's texts (a chunk fetched as this module starts); were
// it to fail (a network drop), the page still shows, with keys where texts would be.
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders client={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
