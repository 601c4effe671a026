import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { AppShell } from '../layout/app-shell.tsx';
import { FullPageLoading } from './full-page-loading.tsx';

/** Everything but login and sign-up: no session sends the reader to /login. */
export function ProtectedLayout() {
  const me = useMe();
  if (me.isPending) return <FullPageLoading />;
  if (me.isError) throw me.error;
  if (!me.data) return <Navigate to={paths.login} replace />;
  return (
    <AppShell user={me.data}>
      <Outlet />
    </AppShell>
  );
}
