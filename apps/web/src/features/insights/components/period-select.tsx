import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { insightPeriodOf, type InsightPeriod } from '@qrib/shared/insight-constants';
import '../../../lib/owner-strings.ts';

/** The report period lives in the URL (?period=monthly) so a reload or a shared link keeps it. */
export function usePeriodParam(): [InsightPeriod, (period: InsightPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const period = insightPeriodOf(params.get('period'));
  const setPeriod = (next: InsightPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'weekly') updated.delete('period');
        else updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  return [period, setPeriod];
}

/** Spec §2.4: the report-period selector (Weekly Report, and Monthly). */
export function PeriodSelect({ period, onChange }: { period: InsightPeriod; onChange: (period: InsightPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <span className="sr-only">{t('vendorInsights.reportPeriod')}</span>
      <select
        value={period}
        onChange={(event) => onChange(event.target.value === 'monthly' ? 'monthly' : 'weekly')}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900"
      >
        <option value="weekly">{t('vendorInsights.weeklyReport')}</option>
        <option value="monthly">{t('vendorInsights.monthlyReport')}</option>
      </select>
    </label>
  );
}
