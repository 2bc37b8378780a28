import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { useToastScreen } from '../components/ui/toast';
import { Loading } from '../components/ui/loading';
import { LoginPage } from '../features/auth/login-page';
import { PublicLayout } from './layouts/public-layout';

// Only /login and its shell are in the first download (issue 15); every other screen is a chunk
// of its own, fetched when first shown (scripts/check-login-budget.mjs holds the first download
// to its budget).

/**
 * A screen whose module is fetched on first render: `page()` is its element, behind the spinner
 * while the chunk arrives (never an empty page); `preload` starts (or reuses) the fetch.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load());
  const Component = lazy(async () => ({ default: await start() }));
  const page = (props?: P): ReactNode => (
    <Suspense fallback={<Loading />}>
      <Component {...(props ?? ({} as P))} />
    </Suspense>
  );
  return { page, preload: start };
}

const member = lazyPage(async () => (await import('./layouts/member-layout')).MemberLayout);
const bare = lazyPage(async () => (await import('./layouts/bare-layout')).BareLayout);
// The deposit dialog and the rewards (invite bonus, loss refund) are other features', so the app
// hands them in; the deposit tabs load when the dialog opens.
const home = lazyPage(async () => {
  const [{ HomePage }, { DepositDialog }, { homeRewards }] = await Promise.all([
    import('../features/home/home-page'),
    import('../features/deposit/deposit-dialog'),
    import('../features/rewards/home-rewards'),
  ]);
  return function HomeWithDepositAndRewards() {
    return <HomePage DepositDialog={DepositDialog} rewards={homeRewards} />;
  };
});
const register = lazyPage(async () => (await import('../features/register/register-page')).RegisterPage);
const forgotPassword = lazyPage(
  async () => (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
);
const howto = lazyPage(async () => (await import('../features/howto/howto-page')).HowtoPage);
const contact = lazyPage(async () => (await import('../features/contact/contact-page')).ContactPage);
const profile = lazyPage(async () => (await import('../features/profile/profile-page')).ProfilePage);
const limits = lazyPage(async () => (await import('../features/limits/limits-page')).LimitsPage);
const bonus = lazyPage(async () => (await import('../features/bonus/bonus-page')).BonusPage);
const statement = lazyPage(async () => (await import('../features/statement/statement-page')).StatementPage);
const spin = lazyPage(async () => (await import('../features/spin/spin-page')).SpinPage);
const terminated = lazyPage(async () => (await import('../features/service/terminated-page')).TerminatedPage);
const notFound = lazyPage(async () => (await import('../features/not-found/not-found-page')).NotFoundPage);
// The staff console: its own shell and routes under /console, loaded only by staff.
const operatorConsole = lazyPage(async () => (await import('../features/console/console-app')).ConsoleApp);

/** Fetches the member shell and home ahead, so the move there after sign-in is instant. */
export const prefetchMemberArea = () => Promise.all([member.preload(), home.preload()]).then(() => undefined);

/** The screens of the member area whose chunks start with the page (preloadScreen). */
const MEMBER_SCREENS: Record<string, { preload: () => unknown }> = { home, statement, bonus };

/**
 * Starts fetching the opened address's chunks as the page starts (issue 30, decision 076), beside
 * the language's texts, so neither waits for the other and a screen's chunk does not wait for its
 * shell to render first; and home's first reads (app/first-screen.ts). The member area only with
 * a token: without one, it sends to /login. A failed fetch is the screen's to tell when it renders.
 */
export function preloadScreen(pathname: string, signedIn: boolean, client: QueryClient): void {
  const [, area, name] = pathname.split('/');
  if (area === 'register') void register.preload();
  if (area !== 'user' || !signedIn || !name || !MEMBER_SCREENS[name]) return;
  // Home's reads first: the browser asks in this order, a few requests at a time.
  if (name === 'home') void import('./first-screen').then((screen) => screen.prefetchHome(client));
  void member.preload();
  void MEMBER_SCREENS[name].preload();
}

/** Every screen, under the one route that tells the toasts which screen is shown (decision 072). */
function ScreenToasts() {
  useToastScreen(useLocation().pathname);
  return <Outlet />;
}

/** Routes, guards and redirects of spec section 2. */
const screens: RouteObject[] = [
  { path: '/', element: <Navigate to="/user" replace /> },
  {
    element: <PublicLayout />,
    children: [
      { path: '/login', element: <LoginPage prefetch={prefetchMemberArea} /> },
      {
        path: '/register',
        element: register.page(),
      },
      {
        path: '/forgot-password',
        element: forgotPassword.page(),
      },
      {
        path: '/howto',
        element: howto.page(),
      },
      {
        path: '/contact',
        element: contact.page(),
      },
    ],
  },
  {
    path: '/user',
    element: member.page(),
    children: [
      { index: true, element: <Navigate to="/user/home" replace /> },
      {
        path: 'home',
        element: home.page(),
      },
      {
        path: 'profile',
        element: profile.page(),
      },
      // Play limits, under Profile (issue 29).
      {
        path: 'profile/limits',
        element: limits.page(),
      },
      {
        path: 'bonus',
        element: bonus.page(),
      },
      {
        path: 'statement',
        element: statement.page(),
      },
      {
        path: 'contact',
        element: contact.page(),
      },
      {
        path: 'spin',
        element: spin.page(),
      },
      // The same videos inside the member shell: /howto is in the logged-out shell, and opening
      // that shell ends the session (spec section 4; decision 028).
      {
        path: 'howto',
        element: howto.page(),
      },
    ],
  },
  { path: '/console/*', element: operatorConsole.page() },
  {
    element: bare.page(),
    children: [
      {
        path: '/terminated',
        element: terminated.page(),
      },
      {
        path: '*',
        element: notFound.page(),
      },
    ],
  },
];

export const routes: RouteObject[] = [{ element: <ScreenToasts />, children: screens }];
