/** GET /api/v1/config: the deployment's public settings, asked once per visit (the map's tile service, ADR 013). */
import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@qrib/shared/client-config-schemas';
import { apiRequest } from './api-client.ts';

/** `enabled` false: not asked (nothing will use it, e.g. no map can be drawn). */
export function useClientConfig(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['config'],
    queryFn: async () => (await apiRequest<{ data: ClientConfig }>('/config')).data,
    staleTime: Infinity,
    // Offline or failing: the offline basemap needs no setting, so one try is enough.
    retry: false,
  });
}
