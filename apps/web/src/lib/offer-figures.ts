/**
 * Each offer's figures for a period (GET /vendors/me/insights/offers, issue 28 §5), shared by My offers (this week:
 * the last 7 Malta days, today included) and the Business Insights' per-offer table (the chosen period). Under the
 * insights key, so whatever refreshes the insights (a redemption at the till) refreshes these too.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferFiguresReport } from '@qrib/shared/insight-schemas';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export type FiguresRange = { from: string; to: string } | 'recent';

export function getOfferFigures(range: FiguresRange): Promise<OfferFiguresReport> {
  const query = range === 'recent' ? '' : `?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;
  return apiRequest<{ data: OfferFiguresReport }>(`/vendors/me/insights/offers${query}`).then((answer) => answer.data);
}

export const offerFiguresQueryOptions = (range: FiguresRange) =>
  queryOptions({ queryKey: queryKeys.offerFigures(range), queryFn: () => getOfferFigures(range), placeholderData: keepPreviousData });

export function useOfferFigures(range: FiguresRange) {
  return useQuery(offerFiguresQueryOptions(range));
}
