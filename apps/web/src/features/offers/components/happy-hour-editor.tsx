/**
 * Issue 28 §3: the happy-hour section of the offer form. Off by default (the offer holds all day, nothing is sent);
 * on, the owner ticks days and writes one time span, and the OpenStreetMap text they make is written under them. The
 * text is what is saved, and may be edited for anything else (two spans, months…): a text the fields can say is read
 * back into them as it is typed; one they cannot is kept as written, the fields switched off (not hidden, so nothing
 * moves) until the owner replaces the text with them. The API's refusal (scheduleInvalid, scheduleNeverMet) shows
 * under the text.
 */
import { useState, type ChangeEvent } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { weekdayName } from '../../../components/open-status.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { OSM_DAYS } from '../../../lib/opening-hours-rows.ts';
import '../../../lib/owner-strings.ts';
import { DEFAULT_HAPPY_HOUR, buildSchedule, happyHourProblem, readSchedule, type HappyHourRow } from './happy-hour-schedule.ts';

export interface HappyHourEditorProps {
  /** The schedule as the form holds it when the screen opened ('' for none). */
  initialText: string;
  /** The text field, registered with the form (its value is what is saved). */
  field: UseFormRegisterReturn;
  /** The fields (or the switch) wrote a new text. */
  onTextChange: (text: string) => void;
  /** Whether the days and times have a problem now (the form then does not save). */
  onRowProblem: (hasProblem: boolean) => void;
  error: FieldError | undefined;
}

export function HappyHourEditor({ initialText, field, onTextChange, onRowProblem, error }: HappyHourEditorProps) {
  const { t } = useTranslation();
  const [isOn, setIsOn] = useState(() => initialText.trim() !== '');
  const [text, setText] = useState(initialText);
  // The fields as the text last read (the default when it says more than they can), and whether they are the text.
  const [row, setRow] = useState<HappyHourRow>(() => readSchedule(initialText) ?? DEFAULT_HAPPY_HOUR);
  const [isRow, setIsRow] = useState(() => initialText.trim() === '' || readSchedule(initialText) !== null);

  const writeText = (next: string) => {
    setText(next);
    onTextChange(next);
  };
  const changeRow = (next: HappyHourRow) => {
    setRow(next);
    setIsRow(true);
    onRowProblem(happyHourProblem(next) !== null);
    writeText(buildSchedule(next) ?? '');
  };
  const switchTo = (on: boolean) => {
    setIsOn(on);
    if (on) {
      changeRow(row);
    } else {
      onRowProblem(false);
      writeText('');
    }
  };
  const onTyped = (event: ChangeEvent<HTMLInputElement>) => {
    void field.onChange(event);
    setText(event.target.value);
    const read = readSchedule(event.target.value);
    if (read) setRow(read);
    if (event.target.value.trim() !== '') setIsRow(read !== null);
    // The text is what is saved now, whatever the fields said.
    onRowProblem(false);
  };

  const problem = isRow ? happyHourProblem(row) : null;
  const timeField = (label: string, value: string, onValue: (value: string) => void) => (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onValue(event.target.value.trim())}
      inputMode="numeric"
      placeholder="17:00"
      maxLength={5}
      dir="ltr"
      autoComplete="off"
      className="w-28"
    />
  );

  return (
    <div className="space-y-4" data-testid="happy-hour-editor">
      <CheckboxField label={t('happyHourForm.toggle')} checked={isOn} onChange={(event) => switchTo(event.target.checked)} data-testid="happy-hour-toggle" />
      <p className="text-sm text-slate-700">{t('happyHourForm.hint')}</p>
      {isOn ? (
        <>
          <fieldset disabled={!isRow} className="space-y-3 rounded-xl border border-slate-200 p-3" data-testid="happy-hour-rows">
            <legend className="px-1 text-sm font-semibold text-slate-900">{t('happyHourForm.days')}</legend>
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
                    onChange={(event) => changeRow({ ...row, days: row.days.map((on, at) => (at === day ? event.target.checked : on)) })}
                  />
                  {weekdayName(t, day)}
                </label>
              ))}
            </div>
            <div className="flex flex-wrap items-end gap-3">
              {timeField(t('happyHourForm.from'), row.span.start, (start) => changeRow({ ...row, span: { ...row.span, start } }))}
              {timeField(t('happyHourForm.to'), row.span.end, (end) => changeRow({ ...row, span: { ...row.span, end } }))}
            </div>
            <p className="text-sm text-slate-600">{t('happyHourForm.spanHint')}</p>
            {problem ? (
              <p role="alert" className="text-sm text-red-700">
                {t(`happyHourForm.${problem}`)}
              </p>
            ) : null}
          </fieldset>
          <FormTextField
            {...field}
            value={text}
            onChange={onTyped}
            label={t('happyHourForm.textLabel')}
            hint={t('happyHourForm.textHint')}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            className="[&_input]:font-mono"
            error={error}
            data-testid="happy-hour-text"
          />
          {isRow ? null : (
            <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="happy-hour-not-rows">
              <p>{t('happyHourForm.notRows')}</p>
              <Button variant="secondary" onClick={() => changeRow(row)}>
                {t('happyHourForm.startOver')}
              </Button>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
