/**
 * What every insight chart shares: colours from the theme's CSS variables (so a dark theme that redefines them
 * recolours the charts), a visible legend, the figures again as a table for screen readers (the drawing itself is
 * hidden from them), and the hand-written SVG frame of the day-by-day charts (axes, grid, labels). Plain SVG in
 * place of a chart library: recharts' code held up the owner's first screen on a phone (issue 27 §6).
 */
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../../lib/intl-formats.ts';

/** Each series' stroke (a theme variable) and the matching Tailwind class for its legend swatch. */
export const SERIES_COLOURS = {
  primary: { stroke: 'var(--color-brand-600)', swatch: 'bg-brand-600' },
  secondary: { stroke: 'var(--color-sky-600)', swatch: 'bg-sky-600' },
  tertiary: { stroke: 'var(--color-amber-500)', swatch: 'bg-amber-500' },
} as const;
export const AXIS_COLOUR = 'var(--color-slate-600)';
export const GRID_COLOUR = 'var(--color-slate-200)';

/** Charts read from the reader's side: right to left in Arabic. */
export function useIsRtl(): boolean {
  const { i18n } = useTranslation();
  return i18n.dir(i18n.language) === 'rtl';
}

export function Legend({ items }: { items: { label: string; swatch: string; value?: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${item.swatch}`} />
          <span>{item.label}</span>
          {item.value === undefined ? null : <span className="font-semibold text-slate-900">{item.value}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The chart's figures as a table, for screen readers only. */
export function ChartDataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, index) => (index === 0 ? <th key={index} scope="row">{cell}</th> : <td key={index}>{cell}</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A titled card section (h2) of an insights screen. */
export function InsightSection({ id, title, description, action, children }: { id: string; title: string; description?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 md:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The drawing's height in a day-by-day chart's h-60 box. */
const DAY_CHART_HEIGHT = 240;
/** Axis labels' size in px: readable on a phone, never scaled (the drawing is laid out at the box's real width). */
const LABEL_SIZE = 12;
/** The width drawn for until the box is measured, and where nothing can measure it (jsdom). */
const FALLBACK_WIDTH = 640;
const PLOT_TOP = 10;
const PLOT_BOTTOM = DAY_CHART_HEIGHT - 24;
const EDGE = 8;
const LABEL_GAP = 8;

/** The box's width in px, measured before the first paint and again whenever it changes (a turned phone). */
function useBoxWidth(): [RefObject<HTMLDivElement | null>, number | null] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      setWidth(measured > 0 ? measured : FALLBACK_WIDTH);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}

/** A label's width at 12 px, estimated (wide for CJK characters) so labels can be spaced without measuring text. */
function labelWidth(text: string): number {
  let width = 0;
  for (const character of text) width += (character.codePointAt(0) ?? 0) >= 0x2e80 ? LABEL_SIZE : 7;
  return width;
}

/** The y axis' ticks: a few round whole numbers from 0 up to the first one at or above `maximum` (the axis' top). */
export function yAxisTicks(maximum: number): number[] {
  const top = Math.max(1, Math.ceil(maximum));
  const rough = top / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const multiple = [1, 2, 5, 10].find((candidate) => candidate * magnitude >= rough) ?? 10;
  const step = Math.max(1, Math.round(multiple * magnitude));
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, index) => index * step);
}

/** An SVG path through the points; a missing point (a day with no figure) leaves a gap, a lone point is a dot. */
export function linePath(points: ({ x: number; y: number } | null)[]): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  let path = '';
  points.forEach((point, index) => {
    if (!point) return;
    const joined = index > 0 && points[index - 1] != null;
    path += `${joined ? 'L' : 'M'}${round(point.x)},${round(point.y)}`;
    if (!joined && points[index + 1] == null) path += 'h0';
  });
  return path;
}

/** Where a day-by-day chart draws: each day's band (its centre on the x axis) and a value's height. */
export interface DayPlot {
  top: number;
  bottom: number;
  /** A day's band width. */
  band: number;
  /** The centre of the day's band: the first day on the left, or on the right in a right-to-left language. */
  x: (index: number) => number;
  y: (value: number) => number;
  isRtl: boolean;
}

/**
 * A day-by-day chart's drawing (hidden from screen readers; the table says it all): the y axis from 0 with whole
 * round ticks (on the right in Arabic), a dashed grid, the days along the x axis (right to left in Arabic; only
 * every few when they would crowd) and what `children` draws in the plot.
 */
export function DayChart({ name, labels, maximum, children }: { name: string; labels: string[]; maximum: number; children: (plot: DayPlot) => ReactNode }) {
  const [box, width] = useBoxWidth();
  return (
    <div ref={box} aria-hidden="true" className="mt-3 h-60 w-full" dir="ltr">
      {width === null ? null : (
        <DayChartDrawing name={name} width={width} labels={labels} maximum={maximum}>
          {children}
        </DayChartDrawing>
      )}
    </div>
  );
}

function DayChartDrawing({
  name,
  width,
  labels,
  maximum,
  children,
}: {
  name: string;
  width: number;
  labels: string[];
  maximum: number;
  children: (plot: DayPlot) => ReactNode;
}) {
  const { i18n } = useTranslation();
  const isRtl = useIsRtl();
  const number = numberFormat(i18n.language);
  const ticks = yAxisTicks(maximum);
  const axisTop = ticks.at(-1) ?? 1;
  const tickLabels = ticks.map((tick) => number.format(tick));
  const axisWidth = Math.max(...tickLabels.map(labelWidth)) + 2 * LABEL_GAP;
  const left = isRtl ? EDGE : axisWidth;
  const right = Math.max(left + 1, isRtl ? width - axisWidth : width - EDGE);
  const days = Math.max(labels.length, 1);
  const band = (right - left) / days;
  const plot: DayPlot = {
    top: PLOT_TOP,
    bottom: PLOT_BOTTOM,
    band,
    x: (index) => left + ((isRtl ? days - 1 - index : index) + 0.5) * band,
    y: (value) => PLOT_BOTTOM - (Math.min(value, axisTop) / axisTop) * (PLOT_BOTTOM - PLOT_TOP),
    isRtl,
  };
  // Every `every`-th day is labelled, so that neighbouring labels keep a gap between them.
  const widest = Math.max(0, ...labels.map(labelWidth));
  const every = Math.max(1, Math.ceil((widest + LABEL_GAP) / band));
  const axisX = isRtl ? right : left;
  const text = { fill: AXIS_COLOUR, fontSize: LABEL_SIZE };
  return (
    <svg data-chart={name} width="100%" height="100%" viewBox={`0 0 ${width} ${DAY_CHART_HEIGHT}`} className="block">
      {ticks.map((tick, index) => (
        <g key={tick}>
          <line
            x1={left}
            x2={right}
            y1={plot.y(tick)}
            y2={plot.y(tick)}
            strokeDasharray={tick === 0 ? undefined : '3 3'}
            style={{ stroke: GRID_COLOUR }}
          />
          <text
            data-axis="y"
            x={isRtl ? axisX + LABEL_GAP : axisX - LABEL_GAP}
            y={plot.y(tick)}
            textAnchor={isRtl ? 'start' : 'end'}
            dominantBaseline="central"
            style={text}
          >
            {tickLabels[index]}
          </text>
        </g>
      ))}
      <line x1={axisX} x2={axisX} y1={PLOT_TOP} y2={PLOT_BOTTOM} style={{ stroke: GRID_COLOUR }} />
      {labels.map((label, index) =>
        index % every === 0 ? (
          <text
            key={index}
            data-axis="x"
            x={Math.min(Math.max(plot.x(index), labelWidth(label) / 2), width - labelWidth(label) / 2)}
            y={PLOT_BOTTOM + LABEL_SIZE + 6}
            textAnchor="middle"
            style={text}
          >
            {label}
          </text>
        ) : null,
      )}
      {children(plot)}
    </svg>
  );
}
