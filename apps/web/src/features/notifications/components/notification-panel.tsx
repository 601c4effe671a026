/**
 * The bell's panel (notification-bell.tsx): the newest notifications, each leading where it makes sense, with
 * Mark all as read. Its own chunk, fetched when the panel first opens: the bell and its count are all a first
 * visit needs.
 */
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@qrib/shared/notification-schemas';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { translateError } from '../../../lib/i18n.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { describeNotification } from './describe-notification.ts';
import '../../../lib/notification-strings.ts';

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const view = describeNotification(t, notification);
  const isUnread = notification.readAt === null;
  return (
    <li>
      <Link
        to={view.href}
        onClick={onOpen}
        className={`flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 ${isUnread ? 'bg-brand-50/60' : ''}`}
        data-testid="notification"
      >
        <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${isUnread ? 'bg-brand-700' : 'bg-transparent'}`} />
        <span className="min-w-0">
          {isUnread ? <span className="sr-only">{t('bell.unread')}: </span> : null}
          <span className={`block text-sm break-words text-slate-900 ${isUnread ? 'font-semibold' : ''}`}>{view.text}</span>
          {view.detail ? <span className="block text-sm break-words text-slate-700">{view.detail}</span> : null}
          <span className="mt-0.5 block text-xs text-slate-600">{formatMaltaDateTime(notification.createdAt, i18n.language)}</span>
        </span>
      </Link>
    </li>
  );
}

export function NotificationPanel({ id, onClose }: { id: string; onClose: (returnFocus: boolean) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unreadCount = notifications.data?.unreadCount ?? 0;

  useEffect(() => {
    panel.current?.focus();
  }, []);

  let body;
  if (notifications.isPending) body = <LoadingState compact />;
  else if (notifications.isError) body = <ErrorState compact message={t('bell.loadFailed')} />;
  else if (notifications.data.data.length === 0) body = <EmptyState compact message={t('bell.empty')} />;
  else {
    body = (
      <ul className="divide-y divide-slate-100">
        {notifications.data.data.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onOpen={() => {
              if (notification.readAt === null) markRead.mutate([notification.id]);
              onClose(false);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="fixed inset-x-2 top-16 z-50 flex max-h-[calc(100dvh-9rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-start shadow-xl outline-none md:inset-x-auto md:start-[calc(var(--sidebar-width)+0.75rem)] md:top-3 md:max-h-[calc(100dvh-1.5rem)] md:w-96"
      data-testid="notification-panel"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id={titleId} className="text-base font-bold text-slate-900">
          {t('bell.title')}
        </h2>
        <button
          type="button"
          onClick={() => markRead.mutate(undefined)}
          disabled={unreadCount === 0 || markRead.isPending}
          className="ms-auto min-h-11 rounded-lg px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-500"
        >
          {t('bell.markAllRead')}
        </button>
        <button type="button" onClick={() => onClose(true)} aria-label={t('bell.close')} className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100">
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      {markRead.isError ? (
        <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
          {translateError(t, markRead.error)}
        </p>
      ) : null}
      <div className="overflow-y-auto">{body}</div>
    </div>
  );
}
