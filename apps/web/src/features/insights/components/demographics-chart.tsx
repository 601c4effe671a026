import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer } from 'recharts';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { GRID_COLOUR, Legend, SERIES_COLOURS } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';

/** User Demographics: new and returning shoppers of the period as a ring, with the counts in its legend. */
export function DemographicsChart({ demographics }: { demographics: VendorInsights['demographics'] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const total = demographics.newShoppers + demographics.returningShoppers;
  const slices = [
    { key: 'new', label: t('vendorInsights.newShoppers'), value: demographics.newShoppers, colour: SERIES_COLOURS.primary },
    { key: 'returning', label: t('vendorInsights.returningShoppers'), value: demographics.returningShoppers, colour: SERIES_COLOURS.tertiary },
  ];
  // An empty period still draws the ring, in the grid's grey.
  const drawn = total === 0 ? [{ key: 'none', value: 1, fill: GRID_COLOUR }] : slices.map((slice) => ({ key: slice.key, value: slice.value, fill: slice.colour.stroke }));
  return (
    <div data-testid="demographics-chart" className="flex flex-col items-center gap-4 sm:flex-row">
      <div aria-hidden="true" className="h-40 w-40 shrink-0">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie data={drawn} rootTabIndex={-1} dataKey="value" nameKey="key" innerRadius="60%" outerRadius="100%" stroke="none" isAnimationActive={false}>
              {drawn.map((slice) => (
                <Cell key={slice.key} fill={slice.fill} />
              ))}
            </Pie>
          </PieChart>
        </ResponsiveContainer>
      </div>
      <div className="space-y-2">
        <Legend items={slices.map((slice) => ({ label: slice.label, swatch: slice.colour.swatch, value: number.format(slice.value) }))} />
        {total === 0 ? <p className="text-sm text-slate-600">{t('vendorInsights.noShoppers')}</p> : null}
      </div>
    </div>
  );
}
