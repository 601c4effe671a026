/**
 * The insight charts, drawn at once. They were loaded apart (React.lazy, drawn the frame after the first paint)
 * while they were recharts (85 KB brotli, its script held up the dashboard's first paint on a slow phone). Now they
 * are a few hundred lines of plain SVG (chart-parts.tsx), smaller than the request that would fetch them apart, so
 * they come with the screen's own code and draw as soon as the figures arrive (issue 27 §6). The screens keep
 * importing them from here, with the placeholder for a chart whose figures are still on the way.
 */
export { DemographicsChart } from './demographics-chart.tsx';
export { PerformanceBars } from './performance-bars.tsx';
export { TrendChart } from './trend-chart.tsx';

/** A chart's place while its figures are on the way: a day-by-day chart's height (legend and drawing), so nothing below jumps. */
export function ChartPlaceholder() {
  return <div aria-busy="true" className="h-68 rounded-lg bg-slate-100" />;
}
