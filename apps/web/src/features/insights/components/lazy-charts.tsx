/**
 * The insight charts, loaded apart: recharts is large and only the owner's screens draw it, so it lives in its own
 * chunk, fetched when a chart first shows. The metric cards and everything else show at once; each chart's place
 * keeps its height (no jump) until the drawing arrives.
 */
import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';

const TrendChartChunk = lazy(async () => ({ default: (await import('./trend-chart.tsx')).TrendChart }));
const DemographicsChartChunk = lazy(async () => ({ default: (await import('./demographics-chart.tsx')).DemographicsChart }));
const PerformanceBarsChunk = lazy(async () => ({ default: (await import('./performance-bars.tsx')).PerformanceBars }));

/** A chart's place while its drawing (or the figures) are on the way: its height kept, so nothing below jumps. */
export function ChartPlaceholder() {
  return <div aria-busy="true" className="h-64 rounded-lg bg-slate-100" />;
}

/**
 * Draws `children` only once the screen around them has been painted (the frame after the first commit): the
 * figures and texts show first, then the chart's code is fetched and drawn. Fetched and drawn at once, the chart's
 * script and work held back the first paint of the whole dashboard on a slow phone (bench:web: LCP 3.4 s with the
 * charts, 2.4 s without).
 */
function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs before the next paint; the task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted ? children : <ChartPlaceholder />;
}

export function TrendChart(props: ComponentProps<typeof TrendChartChunk>) {
  return (
    <AfterPaint>
      <Suspense fallback={<ChartPlaceholder />}>
        <TrendChartChunk {...props} />
      </Suspense>
    </AfterPaint>
  );
}

export function DemographicsChart(props: ComponentProps<typeof DemographicsChartChunk>) {
  return (
    <AfterPaint>
      <Suspense fallback={<ChartPlaceholder />}>
        <DemographicsChartChunk {...props} />
      </Suspense>
    </AfterPaint>
  );
}

export function PerformanceBars(props: ComponentProps<typeof PerformanceBarsChunk>) {
  return (
    <AfterPaint>
      <Suspense fallback={<ChartPlaceholder />}>
        <PerformanceBarsChunk {...props} />
      </Suspense>
    </AfterPaint>
  );
}
