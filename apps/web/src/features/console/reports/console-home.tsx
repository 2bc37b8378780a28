import { Navigate } from 'react-router';
import { Loading } from '../../../components/ui/loading';
import { hasStaffSession, useStaffProfile } from '../console-api';

/**
 * Where /console (and any unknown console address) leads: the dashboard for finance and owner
 * (issue 28), the chats for everyone else. Without a session the chats' screen sends to sign-in.
 */
export function ConsoleHome() {
  const profile = useStaffProfile();
  if (hasStaffSession() && profile.isPending) return <Loading />;
  const role = profile.data?.role;
  const home = role === 'owner' || role === 'finance' ? '/console/dashboard' : '/console/chat';
  return <Navigate to={home} replace />;
}
