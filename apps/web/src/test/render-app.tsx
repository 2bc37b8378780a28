import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { configureApiClient } from '../lib/api-client';
import i18next from '../lib/i18n';

type Handler = (url: string, init: RequestInit) => { status?: number; body: unknown } | undefined;

/** The agreement's version the fake server answers (a member who accepted it is not asked). */
export const AGREEMENT_VERSION = 'agreement-v1';

/** Default answers of the lookups the shells ask for; a test's handler answers first. */
const DEFAULTS: Record<string, unknown> = {
  '/api/lookup/info': { info: { name: 'Test Wallet', website: 'https://example.test' } },
  '/api/lookup/active': { terminated: false },
  '/api/lookup/market': { market: 'TH', currencies: ['BAHT'] },
  '/api/lookup/registerOTP': { registerOTP: true },
  '/api/lookup/sources': {
    sources: [
      { code: 'FACEBOOK', description: 'Facebook' },
      { code: 'FRIEND', description: 'A friend' },
    ],
  },
  '/api/lookup/banks': {
    banks: [
      {
        code: 'SCB',
        name: 'Siam Commercial Bank',
        nameTH: 'ธนาคารไทยพาณิชย์',
        nameEN: 'Siam Commercial Bank',
        market: 'TH',
        englishNameOnly: false,
        accountNoLengths: [10],
      },
      {
        code: 'KTB',
        name: 'Krungthai Bank',
        nameTH: 'ธนาคารกรุงไทย',
        nameEN: 'Krungthai Bank',
        market: 'TH',
        englishNameOnly: true,
        accountNoLengths: [10],
      },
    ],
  },
  '/api/lookup/agreements': { agreements: ['<p>Be 18 or older.</p>'], version: AGREEMENT_VERSION },
};

/** The JSON body a call sent. */
export const bodyOf = (call: { init: RequestInit }): unknown => JSON.parse(call.init.body as string);

/**
 * Stands in for the server at the network edge: fetch answers from `handler`, then from
 * the defaults, else 404 NOT_FOUND. Returns the calls made.
 */
export function fakeServer(handler: Handler = () => undefined) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    calls.push({ url: input, init });
    const answer =
      handler(input, init) ??
      (input in DEFAULTS ? { body: DEFAULTS[input] } : { status: 404, body: { message: 'NOT_FOUND' } });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/**
 * Holds the answers to `url` until the returned function is called (a slow phone network), so a
 * second tap lands while the first request is still on its way. Call after fakeServer.
 */
export function holdAnswers(url: string) {
  const answer = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const response = answer(input, init);
    if (input === url) await gate;
    return response;
  });
  return release;
}

/** How many of the calls went to `url`. */
export const countCalls = (calls: { url: string }[], url: string) =>
  calls.filter((call) => call.url === url).length;

/** The whole app's routes in memory, starting at `path`, wired as main.tsx wires them. */
export async function renderApp(path: string, locale = 'en') {
  return renderRouter(createMemoryRouter(routes, { initialEntries: [path] }), locale);
}

/**
 * One screen or component with the app's providers (query cache, toasts) and a router at `path`,
 * without the shells and lazy routes: for a test about that component, not about routing. `route`
 * is the pattern `ui` is mounted at, for a component that reads route params.
 */
export async function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    locale = 'en',
    route = '*',
    client,
  }: { path?: string; locale?: string; route?: string; client?: QueryClient } = {},
) {
  return renderRouter(
    createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] }),
    locale,
    client,
  );
}

async function renderRouter(
  router: ReturnType<typeof createMemoryRouter>,
  locale: string,
  /** A query cache filled ahead, as main.tsx hands one in (app/first-screen.ts). */
  client?: QueryClient,
) {
  await i18next.changeLanguage(locale);
  configureApiClient({
    onGone: () => void router.navigate('/terminated', { replace: true }),
    onSessionEnded: () => void router.navigate('/login', { replace: true }),
    locale: () => i18next.language,
  });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
