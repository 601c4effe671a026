/** POST /me/notifications/read: these notifications, or all of them, become read; the bell updates at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@qrib/shared/notification-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function markNotificationsRead(ids?: number[]): Promise<{ unreadCount: number }> {
  return apiRequest('/me/notifications/read', { method: 'POST', body: ids === undefined ? {} : { ids } });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ unreadCount }, ids) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationsResponse>(queryKeys.notifications(), (current) =>
        current
          ? {
              unreadCount,
              data: current.data.map((entry) => (entry.readAt === null && (ids === undefined || ids.includes(entry.id)) ? { ...entry, readAt } : entry)),
            }
          : current,
      );
    },
  });
}
