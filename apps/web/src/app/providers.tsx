import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import i18next from 'i18next';
import { ToastProvider } from '../components/ui/toast';
import { ApiError } from '../lib/api-client';
import { hasChosenLocale, showLocale } from '../lib/i18n';
import { useLookup } from '../lib/lookups';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused or gone answer will not change by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** In Lao mode the default language is Lao, unless the member chose one. */
function MarketLocale() {
  const market = useLookup('market');
  useEffect(() => {
    if (market.data?.market === 'LA' && !hasChosenLocale() && i18next.language !== 'lo') {
      void showLocale('lo');
    }
  }, [market.data]);
  return null;
}

/** `client`: the page's query cache when main.tsx filled it ahead (app/first-screen.ts). */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MarketLocale />
        {children}
      </ToastProvider>
    </QueryClientProvider>
  );
}
