import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsightPeriod, VendorInsights } from '@qrib/shared/insight-schemas';
import { initialsOf } from '../../../lib/initials.ts';
import { formatDateRange } from '../format.ts';
import { PeriodSelect } from './period-select.tsx';
import '../../../lib/owner-strings.ts';

/** An insights screen's heading with the owner's initials, the report-period selector and the real date range. */
export function ReportHeader({
  title,
  userName,
  period,
  onPeriodChange,
  range,
  children,
}: {
  title: string;
  userName: string;
  period: InsightPeriod;
  onPeriodChange: (period: InsightPeriod) => void;
  range: VendorInsights['range'] | undefined;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
        <p className="mt-1 text-sm text-slate-600" data-testid="report-range">
          {range ? t('vendorInsights.dateRange', { range: formatDateRange(range.from, range.to, i18n.language) }) : '\u00a0'}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <PeriodSelect period={period} onChange={onPeriodChange} />
        <span
          role="img"
          aria-label={t('vendorInsights.avatarLabel', { name: userName })}
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
          data-testid="avatar"
        >
          <span aria-hidden="true">{initialsOf(userName)}</span>
        </span>
      </div>
    </header>
  );
}
