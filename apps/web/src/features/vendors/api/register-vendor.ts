import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor } from '@qrib/shared/vendor-schemas';
import { apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function registerVendor(form: FormData, onProgress?: (percent: number) => void) {
  return apiUpload<{ data: Vendor }>('/vendors/', form, onProgress);
}

export function useRegisterVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (percent: number) => void }) => registerVendor(form, onProgress),
    // The session's user now carries the business.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.all }),
  });
}
