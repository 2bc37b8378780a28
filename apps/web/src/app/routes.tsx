import { Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon';
import { LoginPage } from '../features/auth/login-page';
import { ContactPage } from '../features/contact/contact-page';
import { DepositDialog } from '../features/deposit/deposit-dialog';
import { HomePage } from '../features/home/home-page';
import { HowtoPage } from '../features/howto/howto-page';
import { ProfilePage } from '../features/profile/profile-page';
import { RegisterPage } from '../features/register/register-page';
import { StatementPage } from '../features/statement/statement-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { TerminatedPage } from '../features/service/terminated-page';
import { BareLayout } from './layouts/bare-layout';
import { MemberLayout } from './layouts/member-layout';
import { PublicLayout } from './layouts/public-layout';

/** Routes, guards and redirects of spec section 2. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/user" replace /> },
  {
    element: <PublicLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/howto', element: <HowtoPage /> },
      { path: '/contact', element: <ContactPage /> },
    ],
  },
  {
    path: '/user',
    element: <MemberLayout />,
    children: [
      { index: true, element: <Navigate to="/user/home" replace /> },
      { path: 'home', element: <HomePage DepositDialog={DepositDialog} /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'bonus', element: <ComingSoonPage titleKey="bonus.title" /> },
      { path: 'statement', element: <StatementPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'spin', element: <ComingSoonPage titleKey="spin.title" /> },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { path: '/terminated', element: <TerminatedPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
