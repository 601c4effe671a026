/** Issue 29 §1: POST /me/push-test, a test push to every device of the account (409 pushNoDevice when there is none). */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Resolves to the number of devices the test push goes to. */
export function useSendTestPush() {
  return useMutation({
    mutationFn: async () => (await apiRequest<{ data: { devices: number } }>('/me/push-test', { method: 'POST' })).data.devices,
  });
}
