/**
 * What every insight chart shares: colours from the theme's CSS variables (so a dark theme that redefines them
 * recolours the charts), a visible legend, and the figures again as a table for screen readers (the drawing
 * itself is hidden from them).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Each series' stroke (a theme variable) and the matching Tailwind class for its legend swatch. */
export const SERIES_COLOURS = {
  primary: { stroke: 'var(--color-brand-600)', swatch: 'bg-brand-600' },
  secondary: { stroke: 'var(--color-sky-600)', swatch: 'bg-sky-600' },
  tertiary: { stroke: 'var(--color-amber-500)', swatch: 'bg-amber-500' },
} as const;
export const AXIS_COLOUR = 'var(--color-slate-600)';
export const GRID_COLOUR = 'var(--color-slate-200)';
export const TOOLTIP_STYLE = {
  backgroundColor: 'var(--color-white)',
  borderColor: 'var(--color-slate-200)',
  color: 'var(--color-slate-900)',
  borderRadius: 8,
} as const;
/** Tooltip rows in the text colour (the series colours are too light for text on a white tooltip). */
export const TOOLTIP_ITEM_STYLE = { color: 'var(--color-slate-900)' } as const;

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
