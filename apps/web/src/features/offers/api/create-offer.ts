import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@qrib/shared/offer-schemas';
import { apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function createOffer(form: FormData, onProgress?: (percent: number) => void) {
  return apiUpload<{ data: Offer }>('/offers/', form, onProgress);
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (percent: number) => void }) => createOffer(form, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}
