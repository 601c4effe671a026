/** POST /visits/:visitId: the shopper's one answer for a detected visit. */
import { useMutation } from '@tanstack/react-query';
import type { ShopVisit, VisitAnswer } from '@qrib/shared/visit-schemas';
import { apiRequest } from '../../../lib/api-client.ts';

export async function answerVisit({ visitId, answer }: { visitId: number; answer: VisitAnswer }): Promise<ShopVisit> {
  const { data } = await apiRequest<{ data: ShopVisit }>(`/visits/${visitId}`, { method: 'POST', body: { answer } });
  return data;
}

export function useAnswerVisit() {
  return useMutation({ mutationFn: answerVisit });
}
