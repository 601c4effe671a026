import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NAV_ITEMS } from '../../config/navigation.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';

/** The navigation entries; the active one is highlighted and marked aria-current="page". */
export function NavList({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const isOwner = Boolean(useMe().data?.vendor);
  return (
    <ul className="space-y-1">
      {NAV_ITEMS.filter((item) => isOwner || !item.ownerOnly).map((item) => {
        const label = t(`nav.${item.labelKey}`);
        return (
          <li key={item.id}>
            <NavLink
              to={item.path}
              end={item.path === '/'}
              onClick={onNavigate}
              title={collapsed ? label : undefined}
              aria-label={collapsed ? label : undefined}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                  isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                } ${collapsed ? 'justify-center' : ''}`
              }
            >
              <item.icon aria-hidden="true" className="size-5 shrink-0" />
              {collapsed ? null : <span className="truncate">{label}</span>}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
