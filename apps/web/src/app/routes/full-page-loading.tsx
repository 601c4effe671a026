import { useTranslation } from 'react-i18next';

/** Spec §2.3: 'Loading...' while the session is read. */
export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-slate-700">
      {t('common.loading')}
    </div>
  );
}
