import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { insightPeriodOf } from '@qrib/shared/insight-constants';
import { useMe } from '../../features/auth/api/get-me.ts';
import { insightsQueryOptions } from '../../features/insights/api/get-insights.ts';
import { screen } from '../lazy-screen.tsx';

const dashboard = screen(() => import('./dashboard.tsx'), 'DashboardRoute');
const nearby = screen(() => import('./nearby-route.tsx'), 'NearbyOffersRoute');

/**
 * `/`: the dashboard for shop owners, the nearby offers home for everyone else (spec §2.1, issue 4). Each is its
 * own chunk, so a shopper's first visit loads no dashboard code and an owner's no nearby list. An owner's figures
 * are asked for at once, while the dashboard's code is still on its way.
 */
export function HomeRoute() {
  const me = useMe();
  const isOwner = Boolean(me.data?.vendor);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const period = insightPeriodOf(params.get('period'));
  useEffect(() => {
    if (isOwner) void queryClient.prefetchQuery(insightsQueryOptions(period));
  }, [isOwner, period, queryClient]);
  return isOwner ? dashboard : nearby;
}
