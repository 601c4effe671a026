import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { chartMaximum, formatShortDate } from '../format.ts';
import { AXIS_COLOUR, ChartDataTable, GRID_COLOUR, Legend, SERIES_COLOURS, TOOLTIP_ITEM_STYLE, TOOLTIP_STYLE, useIsRtl } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';

/**
 * Business Insights' Performance Trends: users (shoppers shown an offer) and offers (offer views) per day, as
 * bars on an axis up to the data's largest value (the spec's 200 while there is no data).
 */
export function PerformanceBars({ trend, caption }: { trend: VendorInsights['trend']; caption: string }) {
  const { t, i18n } = useTranslation();
  const isRtl = useIsRtl();
  const data = trend.map((day) => ({ label: formatShortDate(day.date, i18n.language), users: day.users, offers: day.views }));
  const maximum = chartMaximum(data.flatMap((day) => [day.users, day.offers]));
  const series = [
    { key: 'users', label: t('vendorInsights.users'), colour: SERIES_COLOURS.primary },
    { key: 'offers', label: t('vendorInsights.offers'), colour: SERIES_COLOURS.secondary },
  ] as const;
  return (
    <div data-testid="performance-chart" data-axis-maximum={maximum}>
      <Legend items={series.map((item) => ({ label: item.label, swatch: item.colour.swatch }))} />
      <div aria-hidden="true" className="mt-3 h-60 w-full" dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke={GRID_COLOUR} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" reversed={isRtl} tick={{ fill: AXIS_COLOUR, fontSize: 12 }} stroke={GRID_COLOUR} />
            <YAxis
              domain={[0, maximum]}
              allowDecimals={false}
              orientation={isRtl ? 'right' : 'left'}
              tick={{ fill: AXIS_COLOUR, fontSize: 12 }}
              stroke={GRID_COLOUR}
            />
            <Tooltip contentStyle={TOOLTIP_STYLE} itemStyle={TOOLTIP_ITEM_STYLE} cursor={{ fill: GRID_COLOUR }} />
            {series.map((item) => (
              <Bar key={item.key} dataKey={item.key} name={item.label} fill={item.colour.stroke} radius={[4, 4, 0, 0]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartDataTable
        caption={caption}
        columns={[t('vendorInsights.date'), ...series.map((item) => item.label)]}
        rows={data.map((day) => [day.label, day.users, day.offers])}
      />
    </div>
  );
}
