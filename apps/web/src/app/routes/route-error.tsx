import { useTranslation } from 'react-i18next';
import { ApiError, isConnectionFailure } from '../../lib/api-client.ts';
import { translateCode, translateMessage } from '../../lib/i18n.ts';

/**
 * A screen's code that could not be fetched: the browser rejects the dynamic import with a TypeError, and its text is
 * all that tells it apart (Chromium, Firefox and Safari word it differently).
 */
function isModuleLoadFailure(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|module script failed/i.test(error.message);
}

/** Spec §8: any unhandled route error shows a generic error page with status and message (route-errors.tsx). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  let status = 500;
  let message = String(error);
  if (isConnectionFailure(error) || isModuleLoadFailure(error)) {
    // No answer (a request, or a screen's code that could not be fetched): said plainly, and the button retries.
    message = t('deadEnds.noConnection');
  } else if (error instanceof ApiError) {
    status = error.status;
    message = error.code ? translateCode(t, error.code) : error.message;
  } else if (error instanceof Error) {
    message = error.message;
  }
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <h1 className="text-2xl font-bold text-red-800">{t('errorPage.title')}</h1>
      <p className="mt-3 font-mono text-sm text-slate-700">{t('errorPage.status', { status })}</p>
      <p className="mt-1 max-w-lg text-slate-800">{translateMessage(t, message)}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex min-h-11 items-center mt-6 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('errorPage.retry')}
      </button>
    </main>
  );
}
