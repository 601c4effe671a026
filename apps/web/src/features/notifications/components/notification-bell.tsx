/**
 * The bell of the app shell (spec §2.4 Dashboard's bell, with real data): the unread count as a badge (none
 * at 0) and a panel listing the newest notifications, each leading where it makes sense, with Mark all as read.
 * The panel sits under the mobile top bar, and beside the sidebar on desktop.
 */
import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/get-notifications.ts';

const NotificationPanel = lazy(async () => ({ default: (await import('./notification-panel.tsx')).NotificationPanel }));

export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const notifications = useNotifications();
  const unreadCount = notifications.data?.unreadCount ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    // A click or tap anywhere outside closes the panel, as a popover does.
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-label={unreadCount > 0 ? t('bell.buttonUnread', { count: unreadCount }) : t('bell.button')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className="relative flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" className="size-6" />
        {unreadCount > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-none font-bold text-white"
          >
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={<span role="status" className="sr-only">{t('messages.loadingEllipsis')}</span>}>
          <NotificationPanel id={panelId} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
