import type { T } from '../../../../i18n/translate.ts';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { MESSAGE_VARIABLES } from '../../../../shared/flows/variables.ts';
import { buttonClass, inputClass } from '../../../../ui/classes.ts';
import { Field } from '../../../../ui/field.tsx';

export interface TemplateValues {
  title: string;
  content: string;
  testPhones?: string;
}
export type FieldErrors = Partial<Record<keyof TemplateValues, string>>;

interface Props {
  t: T;
  values: TemplateValues;
  errors: FieldErrors;
  busy: boolean;
  submit: string;
  onChange: (values: TemplateValues) => void;
  onSubmit: () => void;
}

/** Title, message text (with the variables it may use) and, when editing, the test numbers. */
export default function TemplateForm({ t, values, errors, busy, submit, onChange, onSubmit }: Props) {
  const described = (name: keyof TemplateValues) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `tpl-${name}-error` } : {});
  return (
    <form className="grid gap-3 max-w-2xl" onSubmit={(e) => (e.preventDefault(), onSubmit())} noValidate>
      <Field id="tpl-title" label={t('form.title')} error={errors.title}>
        <input id="tpl-title" className={inputClass} value={values.title} maxLength={200} onChange={(e) => onChange({ ...values, title: e.target.value })} {...described('title')} />
      </Field>
      <Field id="tpl-content" label={t('form.content')} error={errors.content}>
        <textarea
          id="tpl-content"
          className={`${inputClass} font-mono`}
          rows={8}
          value={values.content}
          maxLength={4096}
          onChange={(e) => onChange({ ...values, content: e.target.value })}
          {...described('content')}
        />
      </Field>
      <details className="text-sm">
        <summary className="cursor-pointer">{t('form.variables')}</summary>
        <p className="m-0 mt-1 text-ink-muted break-words">{MESSAGE_VARIABLES.map((v) => `{${v}}`).join(' ')}</p>
      </details>
      {values.testPhones !== undefined && (
        <Field id="tpl-testPhones" label={t('form.testPhones')} error={errors.testPhones}>
          <input
            id="tpl-testPhones"
            className={inputClass}
            value={values.testPhones}
            inputMode="tel"
            onChange={(e) => onChange({ ...values, testPhones: e.target.value })}
            {...described('testPhones')}
          />
        </Field>
      )}
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>{submit}</button>
      </div>
    </form>
  );
}

/** Field errors of the shared §5 rules (or a server problem's list) in the page's language. */
export function fieldErrors(tf: T, errors: readonly { field: string; code?: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const name = e.field as keyof TemplateValues;
    if (!['title', 'content', 'testPhones'].includes(name) || out[name]) continue;
    out[name] = explainProblem(e, tf, { prefixes: ['server.'] });
  }
  return out;
}
