import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me.ts';
import { ComingSoon } from './coming-soon.tsx';

export function DashboardRoute() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p className="text-lg text-slate-700" data-testid="welcome">
        {t('dashboard.welcome', { name: me.data?.name ?? '' })}
      </p>
      <ComingSoon screen="dashboard" showHomeLink={false} />
    </div>
  );
}
