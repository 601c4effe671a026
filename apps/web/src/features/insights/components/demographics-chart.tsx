import { useTranslation } from 'react-i18next';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { GRID_COLOUR, Legend, SERIES_COLOURS } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

/** The ring in a 160-unit square: outer radius 80, inner 48 (60%), drawn as one thick circle's stroke per slice. */
const SIZE = 160;
const RADIUS = 64;
const THICKNESS = 32;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** User Demographics: new and returning shoppers of the period as a ring, with the counts in its legend. */
export function DemographicsChart({ demographics }: { demographics: VendorInsights['demographics'] }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const total = demographics.newShoppers + demographics.returningShoppers;
  const slices = [
    { key: 'new', label: t('vendorInsights.newShoppers'), value: demographics.newShoppers, colour: SERIES_COLOURS.primary },
    { key: 'returning', label: t('vendorInsights.returningShoppers'), value: demographics.returningShoppers, colour: SERIES_COLOURS.tertiary },
  ];
  // An empty period still draws the ring, in the grid's grey.
  const shares =
    total === 0
      ? [{ key: 'none', share: 1, fill: GRID_COLOUR }]
      : slices.filter((slice) => slice.value > 0).map((slice) => ({ key: slice.key, share: slice.value / total, fill: slice.colour.stroke }));
  // Each slice is a dash of the circle's stroke, starting where the one before it ended (clockwise from the top).
  const drawn = shares.map((slice, index) => ({
    ...slice,
    length: slice.share * CIRCUMFERENCE,
    start: shares.slice(0, index).reduce((sum, earlier) => sum + earlier.share * CIRCUMFERENCE, 0),
  }));
  return (
    <div data-testid="demographics-chart" className="flex flex-col items-center gap-4 sm:flex-row">
      <div aria-hidden="true" className="h-40 w-40 shrink-0">
        <svg data-chart="demographics" viewBox={`0 0 ${SIZE} ${SIZE}`} width="100%" height="100%" className="block">
          <g transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`} fill="none" strokeWidth={THICKNESS}>
            {drawn.map((slice) => (
              <circle
                key={slice.key}
                data-slice={slice.key}
                cx={SIZE / 2}
                cy={SIZE / 2}
                r={RADIUS}
                strokeDasharray={`${slice.length} ${CIRCUMFERENCE - slice.length}`}
                strokeDashoffset={-slice.start}
                style={{ stroke: slice.fill }}
              />
            ))}
          </g>
        </svg>
      </div>
      <div className="space-y-2">
        <Legend items={slices.map((slice) => ({ label: slice.label, swatch: slice.colour.swatch, value: number.format(slice.value) }))} />
        {total === 0 ? <p className="text-sm text-slate-600">{t('vendorInsights.noShoppers')}</p> : null}
      </div>
    </div>
  );
}
