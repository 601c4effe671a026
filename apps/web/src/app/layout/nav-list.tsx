import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavGroup } from '../../config/navigation.tsx';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * The menu entries of the reader's role, in their groups (a heading when the group has one, a rule between
 * groups otherwise); the active entry is highlighted and marked aria-current="page". Each is at least 44 px tall.
 */
export function NavList({ groups, collapsed = false, onNavigate }: { groups: NavGroup[]; collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  return (
    <div className="space-y-3">
      {groups.map((group, groupIndex) => {
        const titleId = `${idPrefix}-${group.id}`;
        const title = group.titleKey ? t(group.titleKey) : null;
        return (
          <div key={group.id} className={groupIndex > 0 ? 'border-t border-slate-200 pt-3' : undefined}>
            {title ? (
              <p id={titleId} className={collapsed ? 'sr-only' : 'px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase'}>
                {title}
              </p>
            ) : null}
            <ul className="space-y-1" aria-labelledby={title ? titleId : undefined}>
              {group.items.map((item) => {
                const label = t(item.labelKey);
                return (
                  <li key={item.id}>
                    <NavLink
                      to={item.path}
                      end={item.path === '/'}
                      onClick={onNavigate}
                      title={collapsed ? label : undefined}
                      aria-label={collapsed ? label : undefined}
                      data-nav-id={item.id}
                      className={({ isActive }) =>
                        `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${focusRing} ${
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
          </div>
        );
      })}
    </div>
  );
}
