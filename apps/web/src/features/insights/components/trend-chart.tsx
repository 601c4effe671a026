import { useTranslation } from 'react-i18next';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { chartMaximum, formatShortDate, trendPoints } from '../format.ts';
import { ChartDataTable, DayChart, Legend, linePath, SERIES_COLOURS } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';

/**
 * The dashboard's Weekly (or Monthly) Performance Trend: impressions, views and verified purchases per day. The
 * whole period stays on the axis; the lines stop at today and the table lists only the days that have happened.
 */
export function TrendChart({ report, caption }: { report: Pick<VendorInsights, 'range' | 'previousRange' | 'trend'>; caption: string }) {
  const { t, i18n } = useTranslation();
  const data = trendPoints(report).map((day) => ({ ...day, label: formatShortDate(day.date, i18n.language) }));
  const series = [
    { key: 'impressions', label: t('vendorInsights.impressions'), colour: SERIES_COLOURS.primary },
    { key: 'views', label: t('vendorInsights.views'), colour: SERIES_COLOURS.secondary },
    { key: 'conversions', label: t('vendorInsights.conversions'), colour: SERIES_COLOURS.tertiary },
  ] as const;
  // An empty period still shows a few ticks (0 to 4) rather than a single 0.
  const maximum = chartMaximum(
    data.flatMap((day) => series.map((item) => day[item.key] ?? 0)),
    4,
  );
  return (
    <div data-testid="trend-chart">
      <Legend items={series.map((item) => ({ label: item.label, swatch: item.colour.swatch }))} />
      <DayChart name="trend" labels={data.map((day) => day.label)} maximum={maximum}>
        {(plot) =>
          series.map((item) => (
            <path
              key={item.key}
              data-series={item.key}
              d={linePath(
                data.map((day, index) => {
                  const value = day[item.key];
                  return value === null ? null : { x: plot.x(index), y: plot.y(value) };
                }),
              )}
              fill="none"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              style={{ stroke: item.colour.stroke }}
            />
          ))
        }
      </DayChart>
      <ChartDataTable
        caption={caption}
        columns={[t('vendorInsights.date'), ...series.map((item) => item.label)]}
        rows={data.flatMap((day) =>
          day.impressions === null || day.views === null || day.conversions === null ? [] : [[day.label, day.impressions, day.views, day.conversions]],
        )}
      />
    </div>
  );
}
