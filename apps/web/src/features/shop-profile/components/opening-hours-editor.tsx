/**
 * Issue 28 §2: the shop's opening hours on the Shop profile screen. Rows build the common cases (days × one or two
 * time spans, closed on public holidays) and write the OpenStreetMap text under them; the text is what is saved, and
 * the owner may edit it directly for anything else. A text the rows can say is read back into them as it is typed;
 * one they cannot is kept as written: the rows stay as they last were, switched off, until the owner replaces the text
 * with them. Nothing above the text field changes size while the owner types in it. Empty: no hours.
 */
import { Plus, Trash2, X } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { weekdayName } from '../../../components/open-status.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  MAX_SPANS,
  NO_HOURS,
  OSM_DAYS,
  buildOpeningHours,
  readOpeningHours,
  rowProblem,
  type HoursRow,
  type TimeSpan,
  type WeekHours,
} from '../../../lib/opening-hours-rows.ts';

const FIRST_SPAN: TimeSpan = { start: '09:00', end: '17:00' };
const SECOND_SPAN: TimeSpan = { start: '15:00', end: '19:00' };

/** A new row: the days no row names yet (Monday to Friday for the first), 09:00–17:00. */
function newRow(rows: readonly HoursRow[]): HoursRow {
  const days = rows.length === 0 ? OSM_DAYS.map((_, day) => day < 5) : OSM_DAYS.map((_, day) => !rows.some((row) => row.days[day]));
  return { days, spans: [FIRST_SPAN] };
}

/** Whether some row cannot be written yet (the form then does not save). */
export function hasRowProblem(week: WeekHours): boolean {
  return week.rows.some((row) => rowProblem(row) !== null);
}

export interface OpeningHoursEditorProps {
  /** The text as the form holds it when the screen opened. */
  initialText: string;
  /** The text field, registered with the form (its value is what is saved). */
  field: UseFormRegisterReturn;
  /** The rows wrote a new text. */
  onTextChange: (text: string) => void;
  /** Whether some row has a problem now. */
  onRowProblem: (hasProblem: boolean) => void;
  error: FieldError | undefined;
}

export function OpeningHoursEditor({ initialText, field, onTextChange, onRowProblem, error }: OpeningHoursEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  // The rows as the text last read (none when the first text says more than rows can), and whether they are the text.
  const [week, setWeek] = useState<WeekHours>(() => readOpeningHours(initialText) ?? NO_HOURS);
  const [isRows, setIsRows] = useState(() => readOpeningHours(initialText) !== null);

  const changeRows = (next: WeekHours) => {
    setWeek(next);
    setIsRows(true);
    onRowProblem(hasRowProblem(next));
    const built = buildOpeningHours(next);
    setText(built);
    onTextChange(built);
  };
  const changeRow = (index: number, row: HoursRow) => changeRows({ ...week, rows: week.rows.map((old, at) => (at === index ? row : old)) });
  const onTyped = (event: ChangeEvent<HTMLInputElement>) => {
    void field.onChange(event);
    setText(event.target.value);
    const read = readOpeningHours(event.target.value);
    if (read) setWeek(read);
    setIsRows(read !== null);
    // The text is what is saved now, whatever the rows said.
    onRowProblem(false);
  };

  return (
    <div className="space-y-4" data-testid="hours-editor">
      <p className="text-sm text-slate-700">{t('hoursEditor.hint')}</p>
      {/* Switched off (not hidden) while the text says more than they can, so nothing moves as the owner types. */}
      <fieldset disabled={!isRows} className="space-y-4" data-testid="hours-rows">
        {week.rows.map((row, index) => (
          <HoursRowFields
            key={index}
            number={index + 1}
            row={row}
            onChange={(next) => changeRow(index, next)}
            onRemove={() => changeRows({ ...week, rows: week.rows.filter((_, at) => at !== index) })}
          />
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => changeRows({ ...week, rows: [...week.rows, newRow(week.rows)] })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('hoursEditor.addRow')}
          </Button>
          {week.rows.length > 0 ? <p className="text-sm text-slate-600">{t('hoursEditor.otherDaysClosed')}</p> : null}
        </div>
        {week.rows.length > 0 ? (
          <CheckboxField
            label={t('hoursEditor.closedOnHolidays')}
            checked={week.closedOnHolidays}
            onChange={(event) => changeRows({ ...week, closedOnHolidays: event.target.checked })}
          />
        ) : null}
      </fieldset>
      <FormTextField
        {...field}
        onChange={onTyped}
        label={t('hoursEditor.textLabel')}
        hint={text.trim() === '' ? `${t('hoursEditor.noHours')} ${t('hoursEditor.textHint')}` : t('hoursEditor.textHint')}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono"
        error={error}
        data-testid="hours-text"
      />
      {isRows ? null : (
        <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="hours-not-rows">
          <p>{t('hoursEditor.notRows')}</p>
          <Button variant="secondary" onClick={() => changeRows(week.rows.length > 0 ? week : { rows: [newRow([])], closedOnHolidays: false })}>
            {t('hoursEditor.startOver')}
          </Button>
        </div>
      )}
      {text.trim() !== '' ? (
        <Button variant="ghost" onClick={() => changeRows(NO_HOURS)}>
          <X aria-hidden="true" className="size-4" />
          {t('hoursEditor.clear')}
        </Button>
      ) : null}
    </div>
  );
}

function HoursRowFields({ number, row, onChange, onRemove }: { number: number; row: HoursRow; onChange: (row: HoursRow) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const problem = rowProblem(row);
  const setSpan = (index: number, span: TimeSpan) => onChange({ ...row, spans: row.spans.map((old, at) => (at === index ? span : old)) });
  const timeField = (label: string, value: string, onValue: (value: string) => void) => (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onValue(event.target.value.trim())}
      inputMode="numeric"
      placeholder="08:00"
      maxLength={5}
      dir="ltr"
      autoComplete="off"
      className="w-28"
    />
  );
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3" data-testid="hours-row">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('hoursEditor.rowLabel', { number })}</legend>
      <div className="flex flex-wrap gap-1.5">
        {OSM_DAYS.map((code, day) => (
          <label
            key={code}
            className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1.5 rounded-lg border border-slate-300 px-2 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={row.days[day] === true}
              onChange={(event) => onChange({ ...row, days: row.days.map((on, at) => (at === day ? event.target.checked : on)) })}
            />
            {weekdayName(t, day)}
          </label>
        ))}
      </div>
      {row.spans.map((span, index) => (
        <div key={index} className="flex flex-wrap items-end gap-3">
          {timeField(index === 0 ? t('hoursEditor.opens') : t('hoursEditor.opensAgain'), span.start, (start) => setSpan(index, { ...span, start }))}
          {timeField(index === 0 ? t('hoursEditor.closes') : t('hoursEditor.closesAgain'), span.end, (end) => setSpan(index, { ...span, end }))}
          {index > 0 ? (
            <Button variant="ghost" onClick={() => onChange({ ...row, spans: row.spans.filter((_, at) => at !== index) })}>
              <X aria-hidden="true" className="size-4" />
              {t('hoursEditor.removeSpan')}
            </Button>
          ) : null}
        </div>
      ))}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {t(`hoursEditor.${problem}`)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {row.spans.length < MAX_SPANS ? (
          <Button variant="secondary" onClick={() => onChange({ ...row, spans: [...row.spans, SECOND_SPAN] })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('hoursEditor.addSpan')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('hoursEditor.removeRow')}
        </Button>
      </div>
    </fieldset>
  );
}
