/** A code's status as a badge: Active, Redeemed or Expired. */
import { useTranslation } from 'react-i18next';
import type { ClaimStatus } from '@qrib/shared/claim-constants';

const TONES: Record<ClaimStatus, string> = {
  ACTIVE: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  REDEEMED: 'border-sky-300 bg-sky-50 text-sky-900',
  EXPIRED: 'border-slate-300 bg-slate-100 text-slate-800',
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center rounded-full border px-3 py-1 text-sm font-semibold ${TONES[status]}`} data-testid="claim-status">
      {t(`codes.statuses.${status}`)}
    </span>
  );
}
