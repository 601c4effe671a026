/** GET /api/v1/config: the deployment's public settings, asked once per visit (the map's tile service, ADR 013). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@qrib/shared/client-config-schemas';
import { apiRequest } from './api-client.ts';

/** The config's query, for the hook and for code that needs a setting outside a render (the push key, issue 29 §1). */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: async () => (await apiRequest<{ data: ClientConfig }>('/config')).data,
    staleTime: Infinity,
    // Offline or failing: the offline basemap needs no setting, so one try is enough.
    retry: false,
  });

/** `enabled` false: not asked (nothing will use it, e.g. no map can be drawn). */
export function useClientConfig(enabled = true) {
  return useQuery({ ...clientConfigQueryOptions(), enabled });
}
