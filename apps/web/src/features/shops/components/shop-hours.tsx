/**
 * Issue 28 §2: a shop's opening hours on its page: its week, day by day, when the text is one of the common cases
 * (the rows the owner's editor writes: "Mon–Fri 08:00–19:00", "Sun Closed", "Closed on public holidays"), and always
 * the hours as the shop wrote them (OpenStreetMap's syntax, which says more than a table for the rest).
 */
import { useTranslation } from 'react-i18next';
import { weekdayName } from '../../../components/open-status.tsx';
import { readOpeningHours, weekRuns } from '../../../lib/opening-hours-rows.ts';

export function ShopHours({ openingHours }: { openingHours: string }) {
  const { t } = useTranslation();
  const week = readOpeningHours(openingHours);
  const runs = week && week.rows.length > 0 ? weekRuns(week) : [];
  return (
    <section aria-labelledby="shop-hours" className="space-y-2" data-testid="shop-hours">
      <h2 id="shop-hours" className="text-base font-semibold text-slate-900">
        {t('openStatus.hoursTitle')}
      </h2>
      {runs.length > 0 ? (
        <dl className="grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {runs.map(({ first, last, spans }) => (
            <div key={first} className="contents">
              <dt className="font-medium text-slate-800">
                {first === last ? weekdayName(t, first) : `${weekdayName(t, first)}–${weekdayName(t, last)}`}
              </dt>
              <dd className="text-slate-700">
                {spans.length === 0 ? t('openStatus.dayClosed') : <bdi dir="ltr">{spans.map(({ start, end }) => `${start}–${end}`).join(', ')}</bdi>}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {week?.closedOnHolidays ? <p className="text-sm text-slate-700">{t('openStatus.holidaysClosed')}</p> : null}
      <p className="text-sm text-slate-600">
        {t('openStatus.asWritten')}:{' '}
        <bdi dir="ltr" className="font-mono break-words text-slate-800" data-testid="shop-hours-text">
          {openingHours}
        </bdi>
      </p>
    </section>
  );
}
