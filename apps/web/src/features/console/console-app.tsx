import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { AdjustmentsPage } from './adjustments/adjustments-page';
import { storage } from '../../lib/storage';
import { onStaffSessionEnded } from './console-api';
import { AuditPage } from './audit-page';
import { ConsoleLayout } from './console-layout';
import { DepositsPage } from './deposits/deposits-page';
import { SettingsPage } from './settings/settings-page';
import { InboxPage } from './inbox-page';
import { StaffPage } from './staff-page';
import { MemberPage } from './member-page';
import { MembersPage } from './members-page';
import { StaffLoginPage } from './staff-login-page';
import { WithdrawalsPage } from './withdrawals/withdrawals-page';
import { ConsoleHome } from './reports/console-home';
import { ReportsPage } from './reports/reports-page';
import { Loading } from '../../components/ui/loading';

// The dashboard brings its charting library: a chunk of its own, loaded only on that screen.
const DashboardPage = lazy(() => import('./reports/dashboard-page'));
import { OfferEditorPage } from './offers/offer-editor-page';
import { OffersPage } from './offers/offers-page';
import { WheelPage } from './offers/wheel-page';
import { ProgramsPage } from './offers/programs-page';

/**
 * The operator console under /console (staff only; one lazy chunk, never in the member site's
 * first download). A staff session that ends leads to /console/login, never to the member /login.
 */
export function ConsoleApp() {
  const navigate = useNavigate();
  useEffect(() => onStaffSessionEnded(() => void navigate('/console/login', { replace: true })), [navigate]);
  // Signed out in another tab: the session is ended on the server; this tab leaves at once.
  useEffect(() => {
    const left = (event: StorageEvent) => {
      if (event.key === storage.staffCsrfKey && event.newValue === null) {
        void navigate('/console/login', { replace: true });
      }
    };
    window.addEventListener('storage', left);
    return () => window.removeEventListener('storage', left);
  }, [navigate]);

  return (
    <Routes>
      <Route path="login" element={<StaffLoginPage />} />
      <Route element={<ConsoleLayout />}>
        <Route path="chat" element={<InboxPage />} />
        <Route path="chat/:conversationId" element={<InboxPage />} />
        <Route path="withdrawals" element={<WithdrawalsPage />} />
        <Route path="adjustments" element={<AdjustmentsPage />} />
        <Route path="staff" element={<StaffPage />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="members/:memberId" element={<MemberPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="deposits" element={<DepositsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route
          path="dashboard"
          element={
            <Suspense fallback={<Loading />}>
              <DashboardPage />
            </Suspense>
          }
        />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="reports/:kind" element={<ReportsPage />} />
        <Route path="offers" element={<OffersPage />} />
        <Route path="offers/new" element={<OfferEditorPage />} />
        <Route path="offers/wheel" element={<WheelPage />} />
        <Route path="offers/programs" element={<ProgramsPage />} />
        <Route path="offers/edit/:code" element={<OfferEditorPage />} />
      </Route>
      <Route path="*" element={<ConsoleHome />} />
    </Routes>
  );
}
