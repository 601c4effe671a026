/** GET /vendors/me: the owner's own business, with its state and the admin's reason (issue 14). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vendor } from '@qrib/shared/vendor-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getMyBusiness(): Promise<Vendor> {
  return (await apiRequest<{ data: Vendor }>('/vendors/me')).data;
}

export const myBusinessQueryOptions = () => queryOptions({ queryKey: queryKeys.myBusiness(), queryFn: getMyBusiness });

export function useMyBusiness(enabled = true) {
  return useQuery({ ...myBusinessQueryOptions(), enabled });
}
