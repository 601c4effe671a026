import { useMe } from '../../features/auth/api/get-me.ts';
import { ProfileScreen } from '../../features/profile/components/profile-screen.tsx';

/** `/profile`: the signed-in user's own profile (the protected layout has already loaded them). */
export function ProfileRoute() {
  const me = useMe();
  return me.data ? <ProfileScreen user={me.data} /> : null;
}
