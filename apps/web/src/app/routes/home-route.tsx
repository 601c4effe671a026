import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { insightPeriodOf } from '@qrib/shared/insight-constants';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { insightsQueryOptions } from '../../features/insights/api/get-insights.ts';
import { screen } from '../lazy-screen.tsx';

const dashboard = screen(() => import('./dashboard.tsx'), 'DashboardRoute');
const nearby = screen(() => import('./nearby-route.tsx'), 'NearbyOffersRoute');

/**
 * `/`: the dashboard for shop owners (and managers), the till for a cashier, the nearby offers home for everyone else
 * (spec §2.1, issue 4). Each is its own chunk, so a shopper's first visit loads no dashboard code and an owner's no
 * nearby list. An owner's figures are asked for at once, while the dashboard's code is still on its way.
 */
export function HomeRoute() {
  const me = useMe();
  const vendor = me.data?.vendor;
  // Issue 28 §4: a member whose role reads no figures (a cashier) has the till for a home.
  const isOwner = Boolean(vendor?.permissions.includes('insights.view'));
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const period = insightPeriodOf(params.get('period'));
  useEffect(() => {
    if (isOwner) void queryClient.prefetchQuery(insightsQueryOptions(period));
  }, [isOwner, period, queryClient]);
  if (vendor && !isOwner) return <Navigate to={paths.redeem} replace />;
  return isOwner ? dashboard : nearby;
}
