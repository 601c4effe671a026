/**
 * Issue 28: a shop's page history in the console — who changed which field, when, from what to what (asked for when
 * opened). Pictures read as 'new picture' or 'removed' rather than their storage keys.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_LABELS } from '@qrib/shared/field-labels';
import type { VendorChange } from '@qrib/shared/vendor-schemas';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { useVendorChanges } from '../api/get-vendor-changes.ts';
import '../../../lib/owner-strings.ts';

const PICTURES = new Set(['logo', 'cover']);
const OWN_LABELS: Record<string, string> = {
  locationLatitude: 'adminHistory.latitude',
  locationLongitude: 'adminHistory.longitude',
  logo: 'adminHistory.logo',
  cover: 'adminHistory.cover',
};

function ChangeLine({ change }: { change: VendorChange }) {
  const { t, i18n } = useTranslation();
  const own = OWN_LABELS[change.field];
  let label = change.field;
  if (Object.hasOwn(FIELD_LABELS, change.field)) label = t(`fields.${change.field}`);
  else if (own) label = t(own);
  const shown = (value: string | null) => {
    if (PICTURES.has(change.field)) return value === null ? t('adminHistory.removed') : t('adminHistory.newPicture');
    return value === null || value === '' ? '—' : value;
  };
  const who = change.changedBy ? change.changedBy.username : t('adminHistory.formerAccount');
  return (
    <li className="border-t border-slate-100 py-2 first:border-t-0">
      <p className="text-sm break-words text-slate-900">
        <span className="font-semibold">{label}</span>: {PICTURES.has(change.field) ? shown(change.after) : `${shown(change.before)} → ${shown(change.after)}`}
      </p>
      <p className="text-xs text-slate-600">{t('adminHistory.by', { who, date: formatMaltaDateTime(change.changedAt, i18n.language) })}</p>
    </li>
  );
}

export function PageHistory({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const changes = useVendorChanges(vendorId, isOpen);
  let body = null;
  if (isOpen) {
    if (changes.isPending) body = <LoadingState />;
    else if (changes.isError) body = <ErrorState error={changes.error} onRetry={() => void changes.refetch()} />;
    else if (changes.data.length === 0) body = <p className="text-sm text-slate-600">{t('adminHistory.none')}</p>;
    else {
      body = (
        <ul className="mt-1" data-testid="page-history-list">
          {changes.data.map((change) => (
            <ChangeLine key={change.changeId} change={change} />
          ))}
        </ul>
      );
    }
  }
  return (
    <details className="mt-4" data-testid="page-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-slate-800">{t('adminHistory.title')}</summary>
      {body}
    </details>
  );
}
