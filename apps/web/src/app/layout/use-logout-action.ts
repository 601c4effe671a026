import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { forgetSignedInUser } from '../../lib/query-client.ts';
import { useLogout } from '../../features/auth/api/logout.ts';

/** Logs out, then goes to the login page. */
export function useLogoutAction() {
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  const queryClient = useQueryClient();
  return {
    isPending: logoutMutation.isPending,
    logout: async () => {
      try {
        await logoutMutation.mutateAsync();
      } catch (error) {
        // The server could not be reached; forget the session here anyway so the reader is not stuck.
        console.error('Logout request failed', error);
        await forgetSignedInUser(queryClient);
      }
      await navigate(paths.login, { replace: true });
    },
  };
}
