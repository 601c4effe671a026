/**
 * The shell of spec §2.3. Desktop (≥768 px): fixed sidebar, 256 px or 80 px, with a matching content
 * margin. Mobile: fixed top bar with a menu button, a slide-over menu with a dark backdrop, and a fixed
 * bottom bar with the tabs of the reader's role (config/navigation.tsx). Logical (start/end) sides, so Arabic mirrors it.
 */
import { ChevronsLeft, ChevronsRight, LogOut, Menu, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, NavLink, useLocation } from 'react-router';
import type { User } from '@qrib/shared/auth-schemas';
import { SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX } from '@qrib/shared/constants';
import { LanguageSelect } from '../../components/language-select.tsx';
import { useModalFocus } from '../../components/ui/use-modal-focus.ts';
import { navigationFor, type NavGroup, type NavItem } from '../../config/navigation.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { NavList } from './nav-list.tsx';
import { OfferBack } from './offer-back.tsx';
import { useLogoutAction } from './use-logout-action.ts';

const COLLAPSED_KEY = 'qrib.sidebarCollapsed';

function LogoutButton({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const { logout, isPending } = useLogoutAction();
  const label = isPending ? t('nav.loggingOut') : t('nav.logout');
  return (
    <button
      type="button"
      onClick={() => void logout()}
      disabled={isPending}
      aria-label={collapsed ? label : undefined}
      title={collapsed ? label : undefined}
      className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-red-50 hover:text-red-700 ${
        collapsed ? 'justify-center' : ''
      }`}
    >
      <LogOut aria-hidden="true" className="size-5 shrink-0" />
      {collapsed ? null : <span>{label}</span>}
    </button>
  );
}

function Sidebar({ user, groups, collapsed, onToggle }: { user: User; groups: NavGroup[]; collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const ToggleIcon = collapsed ? ChevronsRight : ChevronsLeft;
  return (
    <aside
      style={{ width: collapsed ? SIDEBAR_COLLAPSED_PX : SIDEBAR_EXPANDED_PX }}
      className="fixed inset-y-0 start-0 z-30 hidden flex-col border-e border-slate-200 bg-white transition-[width] md:flex"
      data-testid="sidebar"
      data-collapsed={collapsed}
    >
      <div className={`flex h-16 items-center border-b border-slate-200 px-4 ${collapsed ? 'justify-center' : 'justify-between'}`}>
        {collapsed ? null : <span className="me-auto text-xl font-bold text-brand-800">{t('brand.name')}</span>}
        {collapsed ? null : <NotificationBell />}
        <button
          type="button"
          onClick={onToggle}
          aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
          aria-expanded={!collapsed}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
        >
          <ToggleIcon aria-hidden="true" className="size-5 rtl:rotate-180" />
        </button>
      </div>
      {collapsed ? (
        <div className="flex justify-center border-b border-slate-200 py-2">
          <NotificationBell />
        </div>
      ) : null}
      <nav aria-label={t('nav.main')} className="flex-1 overflow-y-auto p-3">
        <NavList groups={groups} collapsed={collapsed} />
      </nav>
      <div className="space-y-3 border-t border-slate-200 p-3">
        {collapsed ? (
          <LanguageSelect compact short />
        ) : (
          <>
            <p className="truncate px-3 text-xs text-slate-600">{t('nav.signedInAs', { name: user.name })}</p>
            <LanguageSelect className="px-3" />
          </>
        )}
        <LogoutButton collapsed={collapsed} />
      </div>
    </aside>
  );
}

function MobileMenu({ user, groups, onClose, opener }: { user: User; groups: NavGroup[]; onClose: () => void; opener: RefObject<HTMLButtonElement | null> }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The page behind is also inert (AppShell), so assistive technology does not reach it either.
  useModalFocus({ container: panel, initialFocus: closeButton, onClose, returnFocus: opener });
  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <button
        type="button"
        aria-label={t('nav.closeMenu')}
        tabIndex={-1}
        onClick={onClose}
        className="absolute inset-0 h-full w-full bg-black/60"
        data-testid="menu-backdrop"
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.main')}
        className="absolute inset-y-0 start-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
      >
        <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
          <span className="text-lg font-bold text-brand-800">{t('brand.name')}</span>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label={t('nav.closeMenu')}
            className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <nav aria-label={t('nav.main')} className="flex-1 overflow-y-auto p-3">
          <NavList groups={groups} onNavigate={onClose} />
        </nav>
        <div className="space-y-3 border-t border-slate-200 p-3">
          <p className="truncate px-3 text-xs text-slate-600">{t('nav.signedInAs', { name: user.name })}</p>
          <LanguageSelect className="px-3" />
          <LogoutButton />
        </div>
      </div>
    </div>
  );
}

function BottomTabs({ tabs, inert }: { tabs: NavItem[]; inert: boolean }) {
  const { t } = useTranslation();
  return (
    <nav
      inert={inert}
      aria-label={t('nav.bottomTabs')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid" style={{ gridTemplateColumns: `repeat(${tabs.length}, minmax(0, 1fr))` }}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <NavLink
              to={tab.path}
              end={tab.path === '/'}
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 py-1.5 text-center text-xs leading-tight font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 ${
                  isActive ? 'text-brand-700' : 'text-slate-600'
                }`
              }
              data-nav-id={tab.id}
            >
              <tab.icon aria-hidden="true" className="size-5 shrink-0" />
              <span className="max-w-full break-words">{t(tab.labelKey)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  // The menu belongs to the page it was opened on, so a new page never opens under it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const navigation = navigationFor(user);
  const viewedOffer = matchPath('/viewoffer/:id', location.pathname);

  useEffect(() => {
    localStorage.setItem(COLLAPSED_KEY, String(collapsed));
  }, [collapsed]);

  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpenOn(null), []);
  const sidebarWidth = collapsed ? SIDEBAR_COLLAPSED_PX : SIDEBAR_EXPANDED_PX;
  return (
    <div className="min-h-screen bg-slate-50" style={{ '--sidebar-width': `${sidebarWidth}px` } as CSSProperties}>
      <a
        href="#main"
        className="sr-only z-[60] rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:flex focus:min-h-11 focus:items-center"
      >
        {t('common.skipToContent')}
      </a>
      <Sidebar user={user} groups={navigation.menu} collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
      <header inert={menuOpen} className="fixed inset-x-0 top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-3 md:hidden">
        <button
          ref={menuButton}
          type="button"
          onClick={() => setMenuOpenOn(location.pathname)}
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
        <span className="text-lg font-bold text-brand-800">{t('brand.name')}</span>
        {/* Spec §2.3: an offer's page has Back in the mobile header (the owner's to the list, others' by history). */}
        <div className="ms-auto flex items-center gap-1">
          {viewedOffer?.params.id ? <OfferBack offerId={Number(viewedOffer.params.id)} navigation={navigation} /> : null}
          <NotificationBell />
        </div>
      </header>
      {menuOpen ? <MobileMenu user={user} groups={navigation.menu} onClose={closeMenu} opener={menuButton} /> : null}
      <main
        inert={menuOpen}
        id="main"
        data-testid="content"
        className="px-4 pt-18 pb-24 transition-[margin] md:ms-[var(--sidebar-width)] md:px-8 md:pt-8 md:pb-8"
      >
        {/* The desktop has no top bar: there an offer's Back heads its page (on phones the bar above holds it). */}
        {viewedOffer?.params.id ? (
          <div className="mx-auto mb-4 hidden max-w-3xl md:flex" data-testid="page-back">
            <OfferBack offerId={Number(viewedOffer.params.id)} navigation={navigation} />
          </div>
        ) : null}
        {children}
      </main>
      <BottomTabs tabs={navigation.tabs} inert={menuOpen} />
    </div>
  );
}
