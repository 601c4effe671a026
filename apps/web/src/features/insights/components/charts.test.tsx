import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { renderScreen } from '../../../testing/render.tsx';
import { GRID_COLOUR, linePath, SERIES_COLOURS, yAxisTicks } from './chart-parts.tsx';
import { DemographicsChart } from './demographics-chart.tsx';
import { PerformanceBars } from './performance-bars.tsx';
import { TrendChart } from './trend-chart.tsx';

const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'] as const;

/** A week of figures of which `begun` days have happened (the API's previousRange is as long as those). */
function report(begun: number, figures: { users?: number; impressions?: number; views?: number; conversions?: number }[]) {
  return {
    range: { from: WEEK[0], to: WEEK[6], days: 7 },
    previousRange: { from: '2026-11-16', to: `2026-11-${String(15 + begun).padStart(2, '0')}` },
    trend: WEEK.map((date, index) => ({ date, users: 0, impressions: 0, views: 0, conversions: 0, ...figures[index] })),
  } satisfies Pick<VendorInsights, 'range' | 'previousRange' | 'trend'>;
}

/** A path's points, in order. */
function pointsOf(path: Element): { x: number; y: number }[] {
  return [...(path.getAttribute('d') ?? '').matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((match) => ({ x: Number(match[1]), y: Number(match[2]) }));
}

/** The list's item at `index` (from the end when negative), failing the test when there is none. */
function nth<T>(list: ArrayLike<T>, index: number): T {
  const item = Array.from(list).at(index);
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const number = (element: Element | undefined, attribute: string) => Number(element?.getAttribute(attribute));

function axisLabels(chart: HTMLElement, axis: 'x' | 'y') {
  return [...chart.querySelectorAll(`text[data-axis="${axis}"]`)];
}

describe('charts', () => {
  it('draws the trend as three lines that stop at today, with whole y ticks from 0 and the days left to right', () => {
    renderScreen(<TrendChart report={report(3, [{ impressions: 12, views: 5, conversions: 1 }, { impressions: 8, views: 3 }, { impressions: 20, views: 9, conversions: 2 }])} caption="Trend" />);
    const chart = screen.getByTestId('trend-chart');
    const lines = chart.querySelectorAll('svg[data-chart="trend"] path[data-series]');
    expect([...lines].map((line) => line.getAttribute('data-series'))).toEqual(['impressions', 'views', 'conversions']);
    for (const line of lines) {
      // Three days have happened: three points in one stroke, nothing drawn for the four days to come.
      const points = pointsOf(line);
      expect(points).toHaveLength(3);
      expect(nth(points, 0).x).toBeLessThan(nth(points, 1).x);
      expect(nth(points, 1).x).toBeLessThan(nth(points, 2).x);
    }
    const [first, second, third] = pointsOf(nth(lines, 0)).map((point) => point.y);
    // Higher figures sit higher (smaller y).
    expect(third).toBeLessThan(first as number);
    expect(first).toBeLessThan(second as number);
    expect(axisLabels(chart, 'y').map((label) => label.textContent)).toEqual(['0', '5', '10', '15', '20']);
    // The whole week stays on the x axis, left to right.
    const days = axisLabels(chart, 'x');
    expect(days).toHaveLength(7);
    expect(number(days[0], 'x')).toBeLessThan(number(days[6], 'x'));
    // The drawing is hidden from screen readers; the table gives the three days that happened.
    expect(chart.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('table', { name: 'Trend' }).querySelectorAll('tbody tr')).toHaveLength(3);
  });

  it('leaves a gap for a day with no figure and draws a lone day as a dot', () => {
    const at = (x: number) => ({ x, y: 10 });
    expect(linePath([at(1), at(2), null, at(4), at(5)])).toBe('M1,10L2,10M4,10L5,10');
    expect(linePath([at(1), null, at(3), null])).toBe('M1,10h0M3,10h0');
    expect(linePath([null, null])).toBe('');
  });

  it('ticks the y axis with a few round whole numbers from 0 to the maximum or just above it', () => {
    expect(yAxisTicks(200)).toEqual([0, 50, 100, 150, 200]);
    expect(yAxisTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(yAxisTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(yAxisTicks(6)).toEqual([0, 2, 4, 6]);
    expect(yAxisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(yAxisTicks(1)).toEqual([0, 1]);
    expect(yAxisTicks(0)).toEqual([0, 1]);
  });

  it('reads right to left in Arabic: the first day on the right, the y axis on the right', () => {
    renderScreen(<TrendChart report={report(7, [{ impressions: 4 }, { impressions: 6 }])} caption="Trend" />, { language: 'ar' });
    const chart = screen.getByTestId('trend-chart');
    const svg = chart.querySelector('svg[data-chart="trend"]');
    const width = Number(svg?.getAttribute('viewBox')?.split(' ')[2]);
    const points = pointsOf(nth(chart.querySelectorAll('path[data-series="impressions"]'), 0));
    expect(points).toHaveLength(7);
    for (let index = 1; index < points.length; index += 1) expect(nth(points, index).x).toBeLessThan(nth(points, index - 1).x);
    const days = axisLabels(chart, 'x');
    expect(number(days[0], 'x')).toBeGreaterThan(number(days[days.length - 1], 'x'));
    for (const tick of axisLabels(chart, 'y')) {
      expect(number(tick, 'x')).toBeGreaterThan(nth(points, 0).x);
      expect(number(tick, 'x')).toBeLessThan(width);
    }
  });

  it('draws two bars a day, their heights in proportion to the figures on an axis up to the largest', () => {
    const users = [200, 100, 50, 0, 0, 0, 25];
    const views = [40, 80, 0, 0, 0, 0, 10];
    renderScreen(<PerformanceBars trend={report(7, users.map((value, index) => ({ users: value, views: views[index] }))).trend} caption="Performance" />);
    const chart = screen.getByTestId('performance-chart');
    expect(chart).toHaveAttribute('data-axis-maximum', '200');
    const groups = chart.querySelectorAll('svg[data-chart="performance"] g[data-series]');
    expect([...groups].map((group) => group.getAttribute('data-series'))).toEqual(['users', 'offers']);
    const userBars = [...nth(groups, 0).querySelectorAll('rect')];
    const viewBars = [...nth(groups, 1).querySelectorAll('rect')];
    expect(userBars).toHaveLength(7);
    expect(viewBars).toHaveLength(7);
    const full = number(userBars[0], 'height');
    expect(full).toBeGreaterThan(100);
    const ticks = axisLabels(chart, 'y');
    expect(ticks.at(-1)?.textContent).toBe('200');
    // The largest figure reaches the top tick; every other bar's height is its share of that.
    expect(number(userBars[0], 'y')).toBeCloseTo(number(ticks.at(-1), 'y'));
    users.forEach((value, index) => expect(number(userBars[index], 'height')).toBeCloseTo((full * value) / 200));
    views.forEach((value, index) => expect(number(viewBars[index], 'height')).toBeCloseTo((full * value) / 200));
    // All stand on the same baseline, each day's pair inside its band and left to right.
    for (const bar of [...userBars, ...viewBars]) expect(number(bar, 'y') + number(bar, 'height')).toBeCloseTo(number(userBars[0], 'y') + full);
    expect(number(userBars[0], 'x')).toBeLessThan(number(viewBars[0], 'x'));
    expect(number(viewBars[0], 'x')).toBeLessThan(number(userBars[1], 'x'));
  });

  it('keeps the spec’s 200 as the axis maximum while there is no figure', () => {
    renderScreen(<PerformanceBars trend={report(7, []).trend} caption="Performance" />);
    const chart = screen.getByTestId('performance-chart');
    expect(chart).toHaveAttribute('data-axis-maximum', '200');
    expect(axisLabels(chart, 'y').map((label) => label.textContent)).toEqual(['0', '50', '100', '150', '200']);
    for (const bar of chart.querySelectorAll('rect')) expect(number(bar, 'height')).toBe(0);
  });

  it('puts the first series’ bar on the right of each pair in Arabic, the first day on the right', () => {
    renderScreen(<PerformanceBars trend={report(7, [{ users: 5, views: 3 }]).trend} caption="Performance" />, { language: 'ar' });
    const chart = screen.getByTestId('performance-chart');
    const groups = chart.querySelectorAll('g[data-series]');
    const userBars = nth(groups, 0).querySelectorAll('rect');
    const viewBars = nth(groups, 1).querySelectorAll('rect');
    expect(number(userBars[0], 'x')).toBeGreaterThan(number(viewBars[0], 'x'));
    expect(number(userBars[0], 'x')).toBeGreaterThan(number(userBars[6], 'x'));
  });

  it('splits the ring between new and returning shoppers in proportion', () => {
    renderScreen(<DemographicsChart demographics={{ newShoppers: 3, returningShoppers: 1 }} />);
    const slices = [...screen.getByTestId('demographics-chart').querySelectorAll('svg[data-chart="demographics"] circle[data-slice]')];
    expect(slices.map((slice) => slice.getAttribute('data-slice'))).toEqual(['new', 'returning']);
    const [fresh, returning] = [nth(slices, 0), nth(slices, 1)].map((slice) => (slice.getAttribute('stroke-dasharray') ?? '').split(' ').map(Number)) as [number[], number[]];
    const circumference = 2 * Math.PI * number(slices[0], 'r');
    expect(nth(fresh, 0)).toBeCloseTo(circumference * 0.75);
    expect(nth(returning, 0)).toBeCloseTo(circumference * 0.25);
    expect(nth(fresh, 0) + nth(fresh, 1)).toBeCloseTo(circumference);
    // The returning slice starts where the new one ends.
    expect(number(slices[0], 'stroke-dashoffset')).toBeCloseTo(0);
    expect(number(slices[1], 'stroke-dashoffset')).toBeCloseTo(-nth(fresh, 0));
    expect(nth(slices, 0).getAttribute('style')).toContain(SERIES_COLOURS.primary.stroke);
    expect(nth(slices, 1).getAttribute('style')).toContain(SERIES_COLOURS.tertiary.stroke);
  });

  it('draws the whole ring in the grid’s grey when there is no shopper', () => {
    renderScreen(<DemographicsChart demographics={{ newShoppers: 0, returningShoppers: 0 }} />);
    const slices = [...screen.getByTestId('demographics-chart').querySelectorAll('circle[data-slice]')];
    expect(slices.map((slice) => slice.getAttribute('data-slice'))).toEqual(['none']);
    const length = nth((nth(slices, 0).getAttribute('stroke-dasharray') ?? '').split(' ').map(Number), 0);
    expect(length).toBeCloseTo(2 * Math.PI * number(slices[0], 'r'));
    expect(nth(slices, 0).getAttribute('style')).toContain(GRID_COLOUR);
  });
});
