/** GET /me/notifications: the bell's list and unread count, asked again every minute while the app is open. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '@qrib/shared/notification-schemas';
import { NOTIFICATIONS_POLL_MS } from '@qrib/shared/notification-constants';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getNotifications(): Promise<NotificationsResponse> {
  return apiRequest('/me/notifications');
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications(), queryFn: getNotifications, refetchInterval: NOTIFICATIONS_POLL_MS, staleTime: 15_000 });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
