import { useTranslation } from 'react-i18next';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { chartMaximum, formatShortDate } from '../format.ts';
import { ChartDataTable, DayChart, Legend, SERIES_COLOURS } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';

/** A day's bars fill this share of its band, and never grow wider than this together. */
const GROUP_SHARE = 0.7;
const GROUP_MAX_WIDTH = 48;
const BAR_GAP = 2;

/**
 * Business Insights' Performance Trends: users (shoppers shown an offer) and offers (offer views) per day, as
 * bars on an axis up to the data's largest value (the spec's 200 while there is no data).
 */
export function PerformanceBars({ trend, caption }: { trend: VendorInsights['trend']; caption: string }) {
  const { t, i18n } = useTranslation();
  const data = trend.map((day) => ({ label: formatShortDate(day.date, i18n.language), users: day.users, offers: day.views }));
  const maximum = chartMaximum(data.flatMap((day) => [day.users, day.offers]));
  const series = [
    { key: 'users', label: t('vendorInsights.users'), colour: SERIES_COLOURS.primary },
    { key: 'offers', label: t('vendorInsights.offers'), colour: SERIES_COLOURS.secondary },
  ] as const;
  return (
    <div data-testid="performance-chart" data-axis-maximum={maximum}>
      <Legend items={series.map((item) => ({ label: item.label, swatch: item.colour.swatch }))} />
      <DayChart name="performance" labels={data.map((day) => day.label)} maximum={maximum}>
        {(plot) => {
          const group = Math.min(plot.band * GROUP_SHARE, GROUP_MAX_WIDTH);
          const bar = Math.max((group - BAR_GAP) / series.length, 1);
          return series.map((item, order) => {
            // Side by side in reading order: the first series on the right in a right-to-left language.
            const place = plot.isRtl ? series.length - 1 - order : order;
            return (
              <g key={item.key} data-series={item.key} style={{ fill: item.colour.stroke }}>
                {data.map((day, index) => {
                  const value = day[item.key];
                  const top = plot.y(value);
                  return (
                    <rect
                      key={index}
                      data-value={value}
                      x={plot.x(index) - group / 2 + place * (bar + BAR_GAP)}
                      y={top}
                      width={bar}
                      height={plot.bottom - top}
                      rx={Math.min(3, bar / 2)}
                    />
                  );
                })}
              </g>
            );
          });
        }}
      </DayChart>
      <ChartDataTable
        caption={caption}
        columns={[t('vendorInsights.date'), ...series.map((item) => item.label)]}
        rows={data.map((day) => [day.label, day.users, day.offers])}
      />
    </div>
  );
}
