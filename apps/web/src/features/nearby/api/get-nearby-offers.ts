/**
 * GET /offers/nearby-offers, page by page (20 businesses each), refreshed every 5 minutes (spec §4, §9); with
 * `openNow=true`, only the shops open now; with `activeNow=true`, only the shops with an offer that holds now, listing only
 * those offers (issue 28's chips).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { NearbyBusiness } from '@qrib/shared/nearby-schemas';
import { NEARBY_RADIUS_KM } from '@qrib/shared/nearby-constants';
import { apiRequest } from '../../../lib/api-client.ts';
import { readEarlyAnswer, type EarlyAnswer } from '../../../lib/early-answer.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const NEARBY_REFRESH_MS = 300_000;

export interface NearbyPage {
  data: NearbyBusiness[];
  nextCursor: string | null;
}

/** The first page index.html's inline script asked for before the app's code arrived (issue 27), and its URL. */
interface EarlyNearby extends EarlyAnswer {
  url: string;
}

declare global {
  interface Window {
    qribEarlyNearby?: EarlyNearby | undefined;
  }
}

/** An early answer older than this is not used: the shopper came to the home later than its first load. */
const EARLY_ANSWER_MAX_AGE_MS = 60_000;

/** The early answer for exactly this URL, taken once (a later refresh asks the server again); undefined otherwise. */
async function takeEarlyAnswer(url: string): Promise<NearbyPage | undefined> {
  const early = window.qribEarlyNearby;
  if (!early) return undefined;
  window.qribEarlyNearby = undefined;
  return early.url === url ? readEarlyAnswer<NearbyPage>(early, EARLY_ANSWER_MAX_AGE_MS) : undefined;
}

/** The home's chips: only shops open now, only offers that hold now (a happy hour's window is open, or none is set). */
export interface NearbyFilters {
  openNow?: boolean | undefined;
  activeNow?: boolean | undefined;
}

export async function getNearbyOffers(latitude: number, longitude: number, cursor?: string, { openNow = false, activeNow = false }: NearbyFilters = {}): Promise<NearbyPage> {
  const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), radiusKm: String(NEARBY_RADIUS_KM) });
  if (cursor) query.set('cursor', cursor);
  if (openNow) query.set('openNow', 'true');
  if (activeNow) query.set('activeNow', 'true');
  const path = `/offers/nearby-offers?${query.toString()}`;
  // index.html asked for the unfiltered first page only; the chips' lists are asked for here.
  const early = cursor || openNow || activeNow ? undefined : await takeEarlyAnswer(`/api/v1${path}`);
  return early ?? apiRequest<NearbyPage>(path);
}

export function useNearbyOffers(location: { latitude: number; longitude: number } | undefined, { openNow = false, activeNow = false }: NearbyFilters = {}) {
  return useInfiniteQuery({
    queryKey: queryKeys.nearby(location?.latitude ?? 0, location?.longitude ?? 0, NEARBY_RADIUS_KM, openNow, activeNow),
    queryFn: ({ pageParam }) => getNearbyOffers(location?.latitude ?? 0, location?.longitude ?? 0, pageParam, { openNow, activeNow }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: location !== undefined,
    refetchInterval: NEARBY_REFRESH_MS,
  });
}
