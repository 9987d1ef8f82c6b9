import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  /** The control's id when the caller sets it; otherwise one is made and handed to `children`. */
  id?: string;
  /** The control: a node that carries `id`, or a function given the id and the id of the error (for aria-describedby). */
  children: ReactNode | ((id: string, describedBy: string | undefined) => ReactNode);
}

/** A label, any control, a hint and the control's error, announced when it appears. */
export function Field({ label, error, hint, id: given, children }: FieldProps) {
  const made = useId();
  const id = given ?? made;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {typeof children === 'function' ? children(id, error ? errorId : undefined) : children}
      {hint && <span className="text-xs text-ink-muted">{hint}</span>}
      {error && <p id={errorId} className="text-sm text-red-700 m-0" role="alert">{error}</p>}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input of a form whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField({ label, error, hint, required, ...input }: TextFieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">{label}</label>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`px-3 py-2 rounded-md border ${error ? 'border-red-600' : 'border-gray-400'} focus:outline-2 focus:outline-brand`}
        {...input}
      />
      {hint && <p id={`${id}-hint`} className="m-0 text-sm text-ink-muted">{hint}</p>}
      {error && <p id={`${id}-error`} className="m-0 text-sm text-red-700" data-field-error>{error}</p>}
    </div>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'onChange'> {
  label: ReactNode;
  error?: string;
  onChange?: InputHTMLAttributes<HTMLInputElement>['onChange'];
  /** Shorthand for `onChange` with the new value. */
  onValue?: (checked: boolean) => void;
}

/** A checkbox with its label beside it and its error below. */
export function Checkbox({ label, error, onValue, onChange, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input id={id} type="checkbox" className="mt-1" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => (onChange?.(e), onValue?.(e.target.checked))} {...input} />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && <p id={`${id}-error`} className="m-0 text-sm text-red-700" data-field-error>{error}</p>}
    </div>
  );
}

/**
 * Disabled while its request runs, so a form is never sent twice, and until the island is hydrated, so the
 * server-rendered form is never submitted natively (that would put the fields in the URL).
 */
const SUBMIT_TONES = {
  normal: 'bg-brand text-white border-0 hover:bg-brand-dark',
  danger: 'bg-red-700 text-white border-0 hover:bg-red-800',
  // A save among several on one screen that has nothing to save yet: it steps back (one primary action at a time).
  secondary: 'bg-white text-ink border border-solid border-gray-300 hover:bg-gray-100',
} as const;

export function SubmitButton({ busy, busyLabel, children, tone = 'normal' }: { busy: boolean; busyLabel: string; children: ReactNode; tone?: keyof typeof SUBMIT_TONES }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <button
      type="submit"
      disabled={busy || !hydrated}
      aria-busy={busy}
      className={`px-4 py-2 rounded-md cursor-pointer disabled:opacity-60 disabled:cursor-wait ${SUBMIT_TONES[tone]}`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** A message for the whole form: role=alert for failures, role=status for successes. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} data-form-message={kind}
      className={`m-0 p-3 rounded-md ${kind === 'error' ? 'bg-red-50 text-red-800 border border-red-200' : 'bg-green-50 text-green-800 border border-green-200'}`}>
      {children}
    </p>
  );
}
