import type { ReactNode } from 'react';
import type { T } from '../../../../i18n/translate.ts';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { IMAGE_MAX_MB } from '../../../../shared/flows/validate-core.ts';
import type { Errors } from '../../store-editor.ts';

/** Shown in texts as a placeholder value: file formats are not words to translate. */
export const IMAGE_FORMATS = 'PNG, JPG, JPEG';

import { inputClass } from '../../../../ui/classes.ts';

export { inputClass };
export const errorId = (field: string) => `err-${field.replace(/\./g, '-')}`;

/** The §5 text of a failed rule, or of a contract check only the server makes (`tooLong`), in the page's language;
 * a generic text when the code is unknown (never the server's English text). */
export function ruleText(t: T, error: { code: string; message: string }): string {
  return explainProblem(error, t, { prefixes: ['rule.', 'serverRule.'], vars: { mb: IMAGE_MAX_MB, formats: IMAGE_FORMATS } });
}

/** The error of a field (or of any of its sub-fields, e.g. `buttons.0` gathers `buttons.0.text`). */
export function errorFor(errors: Errors, field: string) {
  return errors[field] ?? Object.values(errors).find((e) => e.field.startsWith(`${field}.`));
}

/** The message under a field; always rendered so `aria-describedby` has a target, announced when it appears. */
export function FieldError({ t, errors, field }: { t: T; errors: Errors; field: string }) {
  const error = errorFor(errors, field);
  return (
    <p id={errorId(field)} className="text-sm text-red-700 m-0 mt-1 empty:hidden" aria-live="polite">
      {error ? ruleText(t, error) : ''}
    </p>
  );
}

export function Labelled({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      {children}
      {hint && <span className="text-xs font-normal text-ink-muted">{hint}</span>}
    </label>
  );
}

/** A number input over an integer; an empty box reads as NaN so the rule reports it instead of guessing 0. */
export function NumberInput(props: { value: number; onChange: (n: number) => void; field: string; invalid: boolean; min?: number; max?: number }) {
  return (
    <input
      type="number"
      inputMode="numeric"
      className={inputClass}
      value={Number.isNaN(props.value) ? '' : props.value}
      min={props.min}
      max={props.max}
      step={1}
      aria-invalid={props.invalid || undefined}
      aria-describedby={errorId(props.field)}
      onChange={(e) => props.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
    />
  );
}

/** A §5 range filter (FROM < TO, or both −1 for any) as a fieldset of two numbers; the distributions' filters use it too. */
export function RangeFields({ t, legend, field, range, errors, onChange }: { t: T; legend: string; field: string; range: { from: number; to: number }; errors: Errors; onChange: (range: { from: number; to: number }) => void }) {
  return (
    <fieldset className="border border-gray-200 rounded p-3 m-0">
      <legend className="text-sm font-medium px-1">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">
        <Labelled label={t('from')}>
          <NumberInput value={range.from} min={-1} field={field} invalid={!!errors[field]} onChange={(from) => onChange({ ...range, from })} />
        </Labelled>
        <Labelled label={t('to')}>
          <NumberInput value={range.to} min={-1} field={field} invalid={!!errors[field]} onChange={(to) => onChange({ ...range, to })} />
        </Labelled>
      </div>
      <FieldError t={t} errors={errors} field={field} />
    </fieldset>
  );
}
