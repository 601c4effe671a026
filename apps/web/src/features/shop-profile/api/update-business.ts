/**
 * Issue 28: the owner edits their shop's page. PATCH /vendors/me with only the changed fields, PUT /vendors/me/logo
 * and /vendors/me/cover with one `photo`, DELETE of each; every one answers the business as GET /vendors/me does.
 * The answer replaces the my-business query, and the session's user (its business name shows in the menu) is read again.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Vendor, VendorUpdate } from '@qrib/shared/vendor-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type BusinessImageKind = 'logo' | 'cover';

export async function updateBusiness(changes: Partial<VendorUpdate>): Promise<Vendor> {
  return (await apiRequest<{ data: Vendor }>('/vendors/me', { method: 'PATCH', body: changes })).data;
}

export async function setBusinessImage(kind: BusinessImageKind, photo: File): Promise<Vendor> {
  const form = new FormData();
  form.append('photo', photo);
  return (await apiRequest<{ data: Vendor }>(`/vendors/me/${kind}`, { method: 'PUT', body: form })).data;
}

export async function removeBusinessImage(kind: BusinessImageKind): Promise<Vendor> {
  return (await apiRequest<{ data: Vendor }>(`/vendors/me/${kind}`, { method: 'DELETE' })).data;
}

function businessChanged(queryClient: QueryClient, vendor: Vendor) {
  queryClient.setQueryData(queryKeys.myBusiness(), vendor);
  void queryClient.invalidateQueries({ queryKey: queryKeys.myBusiness() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
}

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBusiness, onSuccess: (vendor) => businessChanged(queryClient, vendor) });
}

export function useSetBusinessImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, photo }: { kind: BusinessImageKind; photo: File }) => setBusinessImage(kind, photo),
    onSuccess: (vendor) => businessChanged(queryClient, vendor),
  });
}

export function useRemoveBusinessImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeBusinessImage, onSuccess: (vendor) => businessChanged(queryClient, vendor) });
}
