/** POST /vendors/me/resubmission: a refused business corrected and sent again (PENDING once more; documents optional). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor } from '@qrib/shared/vendor-schemas';
import { apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function resubmitBusiness(form: FormData, onProgress?: (percent: number) => void) {
  return apiUpload<{ data: Vendor }>('/vendors/me/resubmission', form, onProgress);
}

export function useResubmitBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (percent: number) => void }) => resubmitBusiness(form, onProgress),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queryKeys.myBusiness(), data);
      // The business's name may have changed: the session's user carries it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
    },
  });
}
