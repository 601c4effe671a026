/** The loading, error and empty states every data screen moves through (spec §4). */
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/i18n.ts';

export function LoadingState() {
  const { t } = useTranslation();
  return (
    <p role="status" className="py-10 text-center text-slate-700">
      {t('messages.loadingEllipsis')}
    </p>
  );
}

export function ErrorState({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = translateError(t, error);
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      {t('messages.errorWithMessage', { message })}
    </p>
  );
}

export function EmptyState({ message }: { message: string }) {
  return <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">{message}</p>;
}
