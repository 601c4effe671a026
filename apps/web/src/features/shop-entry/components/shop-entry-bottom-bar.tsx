/**
 * The spec's five-icon bar of the shop entry screen, each leading to the closest real screen: Accounts the
 * profile, Insights the insights, Rewards the saved offers, Payments the receipt upload, Card the offers home.
 */
import { ChartLine, CreditCard, Gift, UserRound, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

type ShortcutKey = 'accounts' | 'insights' | 'rewards' | 'payments' | 'card';

const SHORTCUTS: { key: ShortcutKey; icon: LucideIcon; path: string }[] = [
  { key: 'accounts', icon: UserRound, path: paths.profile },
  { key: 'insights', icon: ChartLine, path: paths.insights },
  { key: 'rewards', icon: Gift, path: paths.saved },
  { key: 'payments', icon: Wallet, path: paths.receiptUpload },
  { key: 'card', icon: CreditCard, path: paths.nearbyOffers },
];

export function ShopEntryBottomBar() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('shopEntry.shortcuts')} className="rounded-2xl border border-slate-200 bg-white" data-testid="shop-entry-bar">
      <ul className="grid grid-cols-5">
        {SHORTCUTS.map(({ key, icon: Icon, path }) => (
          <li key={key}>
            <Link
              to={path}
              className="flex min-h-16 flex-col items-center justify-center gap-1 rounded-2xl px-1 py-2 text-xs font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <Icon aria-hidden="true" className="size-5" />
              <span className="max-w-full truncate">{t(`shopEntry.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
