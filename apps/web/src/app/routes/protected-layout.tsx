import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { returnPathFor, withReturnPath } from '../../lib/return-path.ts';
import { AppShell } from '../layout/app-shell.tsx';
import { FullPageLoading } from './full-page-loading.tsx';

/**
 * Everything but login and sign-up: no session sends the reader to /login, carrying a shared page (an offer,
 * a shop) to come back to after login.
 */
export function ProtectedLayout() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullPageLoading />;
  if (me.isError) throw me.error;
  if (!me.data) return <Navigate to={withReturnPath(paths.login, returnPathFor(location))} replace />;
  return (
    <AppShell user={me.data}>
      <Outlet />
    </AppShell>
  );
}
