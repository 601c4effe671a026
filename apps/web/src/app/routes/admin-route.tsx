/** /admin: the platform's console, its own chunk (no shopper's or owner's first load carries it). */
import { useMe } from '../../features/auth/api/get-me.ts';
import { AdminConsole } from '../../features/admin/components/admin-console.tsx';

export function AdminRoute() {
  const me = useMe();
  return <AdminConsole isAdmin={me.data?.isAdmin === true} />;
}
