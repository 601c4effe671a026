import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../features/auth/api/logout.ts';

/** Logs out, then goes to the login page. */
export function useLogoutAction() {
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  return {
    isPending: logoutMutation.isPending,
    logout: async () => {
      await logoutMutation.mutateAsync();
      await navigate(paths.login, { replace: true });
    },
  };
}
