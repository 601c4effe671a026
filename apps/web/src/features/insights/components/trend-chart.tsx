import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { formatShortDate, trendPoints } from '../format.ts';
import { AXIS_COLOUR, ChartDataTable, GRID_COLOUR, Legend, SERIES_COLOURS, TOOLTIP_ITEM_STYLE, TOOLTIP_STYLE, useIsRtl } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';

/**
 * The dashboard's Weekly (or Monthly) Performance Trend: impressions, views and verified purchases per day. The
 * whole period stays on the axis; the lines stop at today and the table lists only the days that have happened.
 */
export function TrendChart({ report, caption }: { report: Pick<VendorInsights, 'range' | 'previousRange' | 'trend'>; caption: string }) {
  const { t, i18n } = useTranslation();
  const isRtl = useIsRtl();
  const data = trendPoints(report).map((day) => ({ ...day, label: formatShortDate(day.date, i18n.language) }));
  const series = [
    { key: 'impressions', label: t('vendorInsights.impressions'), colour: SERIES_COLOURS.primary },
    { key: 'views', label: t('vendorInsights.views'), colour: SERIES_COLOURS.secondary },
    { key: 'conversions', label: t('vendorInsights.conversions'), colour: SERIES_COLOURS.tertiary },
  ] as const;
  return (
    <div data-testid="trend-chart">
      <Legend items={series.map((item) => ({ label: item.label, swatch: item.colour.swatch }))} />
      <div aria-hidden="true" className="mt-3 h-60 w-full" dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke={GRID_COLOUR} strokeDasharray="3 3" />
            <XAxis dataKey="label" reversed={isRtl} tick={{ fill: AXIS_COLOUR, fontSize: 12 }} stroke={GRID_COLOUR} />
            <YAxis allowDecimals={false} orientation={isRtl ? 'right' : 'left'} tick={{ fill: AXIS_COLOUR, fontSize: 12 }} stroke={GRID_COLOUR} />
            <Tooltip contentStyle={TOOLTIP_STYLE} itemStyle={TOOLTIP_ITEM_STYLE} />
            {series.map((item) => (
              <Line key={item.key} type="monotone" dataKey={item.key} name={item.label} stroke={item.colour.stroke} strokeWidth={2} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
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
