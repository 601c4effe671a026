/**
 * The insight charts, loaded apart: recharts is large and only the owner's screens draw it, so it lives in its own
 * chunk, fetched when a chart first shows. The metric cards and everything else show at once; each chart's place
 * keeps its height (no jump) until the drawing arrives.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const TrendChartChunk = lazy(async () => ({ default: (await import('./trend-chart.tsx')).TrendChart }));
const DemographicsChartChunk = lazy(async () => ({ default: (await import('./demographics-chart.tsx')).DemographicsChart }));
const PerformanceBarsChunk = lazy(async () => ({ default: (await import('./performance-bars.tsx')).PerformanceBars }));

/** A chart's place while its drawing (or the figures) are on the way: its height kept, so nothing below jumps. */
export function ChartPlaceholder() {
  return <div aria-busy="true" className="h-64 rounded-lg bg-slate-100" />;
}

export function TrendChart(props: ComponentProps<typeof TrendChartChunk>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <TrendChartChunk {...props} />
    </Suspense>
  );
}

export function DemographicsChart(props: ComponentProps<typeof DemographicsChartChunk>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <DemographicsChartChunk {...props} />
    </Suspense>
  );
}

export function PerformanceBars(props: ComponentProps<typeof PerformanceBarsChunk>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <PerformanceBarsChunk {...props} />
    </Suspense>
  );
}
