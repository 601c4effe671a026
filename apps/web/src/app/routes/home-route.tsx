import { useMe } from '../../features/auth/api/get-me.ts';
import { screen } from '../lazy-screen.tsx';

const dashboard = screen(() => import('./dashboard.tsx'), 'DashboardRoute');
const nearby = screen(() => import('./nearby-route.tsx'), 'NearbyOffersRoute');

/**
 * `/`: the dashboard for shop owners, the nearby offers home for everyone else (spec §2.1, issue 4). Each is its
 * own chunk, so a shopper's first visit loads no dashboard code and an owner's no nearby list.
 */
export function HomeRoute() {
  const me = useMe();
  return me.data?.vendor ? dashboard : nearby;
}
