/**
 * What Qrib decided about the owner's business (issue 14), shown where the owner lands: waiting for the check
 * (PENDING), refused with the reason and 'Correct and send again' (REJECTED), suspended with the reason (SUSPENDED).
 * An approved business shows nothing.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useMyBusiness } from '../api/get-my-business.ts';
import '../../../lib/owner-strings.ts';

const TONES = {
  PENDING: 'border-sky-300 bg-sky-50 text-sky-900',
  REJECTED: 'border-red-300 bg-red-50 text-red-900',
  SUSPENDED: 'border-amber-300 bg-amber-50 text-amber-900',
};

export function BusinessStatusBanner() {
  const { t } = useTranslation();
  const business = useMyBusiness();
  const status = business.data?.status;
  if (status !== 'PENDING' && status !== 'REJECTED' && status !== 'SUSPENDED') return null;
  const reason = business.data?.statusReason ?? '';
  return (
    <section aria-labelledby="business-status" className={`mb-5 rounded-xl border px-4 py-3 ${TONES[status]}`} data-testid="business-status" data-status={status}>
      <h2 id="business-status" className="font-semibold">
        {t(`businessState.title${status}`)}
      </h2>
      {status === 'PENDING' ? <p className="mt-1 text-sm">{t('messages.businessPending')}</p> : null}
      {status === 'REJECTED' ? (
        <>
          <p className="mt-1 text-sm break-words">{t('messages.businessRejected', { reason })}</p>
          <Link to={paths.businessResubmission} className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t('businessState.correctAndResend')}
          </Link>
        </>
      ) : null}
      {status === 'SUSPENDED' ? (
        <>
          <p className="mt-1 text-sm break-words">{t('messages.businessSuspended', { reason })}</p>
          <p className="mt-1 text-sm">{t('businessState.suspendedNote')}</p>
        </>
      ) : null}
    </section>
  );
}
