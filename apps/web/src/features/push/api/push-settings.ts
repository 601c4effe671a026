/** Issue 29 §1: the account's push settings, GET and PUT /me/push-settings (with how many devices receive pushes). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSettings, PushSettingsUpdate } from '@qrib/shared/push-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type PushSettingsAnswer = PushSettings & { devices: number };

export function usePushSettings() {
  return useQuery({
    queryKey: queryKeys.push.settings(),
    queryFn: async () => (await apiRequest<{ data: PushSettingsAnswer }>('/me/push-settings')).data,
  });
}

/** Saves what is sent; the answer (the settings as stored) replaces the cached ones. */
export function useSavePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PushSettingsUpdate) => (await apiRequest<{ data: PushSettingsAnswer }>('/me/push-settings', { method: 'PUT', body: change })).data,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.push.settings(), settings),
  });
}
