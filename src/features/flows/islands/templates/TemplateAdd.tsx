import { useEffect, useMemo, useState } from 'react';
import { createT } from '../../../../i18n/translate.ts';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { notify } from '../../../../scripts/notify.ts';
import { defaultFields } from '../../../../shared/flows/types.ts';
import { findTemplate, templateSource, templateText } from '../../../../shared/flows/templates.ts';
import { createFlow } from '../../store.ts';
import { timingText } from './TemplateCatalogue.tsx';
import TemplateForm, { fieldErrors, type FieldErrors, type TemplateValues } from './TemplateForm.tsx';
import { INTEGRATION_NAMES, templatePath, type TemplatesProps } from './props.ts';

/** `/templates/{integration}/add/{templateType}`: the template prefilled; creating it opens the flow editor. */
export default function TemplateAdd(props: TemplatesProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const tf = useMemo(() => createT(props.locale, props.flowsMessages), [props.locale, props.flowsMessages]);
  const base = props.base ?? '';
  const [where, setWhere] = useState<{ integration: string; arg: string } | null>(null);
  const [values, setValues] = useState<TemplateValues>({ title: '', content: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(true);

  const type = where ? findTemplate(where.integration, where.arg) : undefined;
  useEffect(() => {
    const path = templatePath();
    setWhere(path);
    const found = findTemplate(path.integration, path.arg);
    if (found) setValues(templateText(found, props.locale));
    setBusy(false);
  }, []);

  if (!where) return <p className="text-sm text-ink-muted" role="status">{t('loading')}</p>;
  if (!type) {
    return (
      <p className="text-sm" role="status">
        {t('notFound')} <a className="text-brand-dark underline" href={`${base}/templates`}>{t('allSystems')}</a>
      </p>
    );
  }

  const submit = async () => {
    const fields = { ...defaultFields(type.kind), ...type.timing, title: values.title, content: values.content };
    // The rules (with the phone metadata) load on first submit, keeping the page's initial JS small.
    const { validateFlow } = await import('../../../../shared/flows/validate.ts');
    const problems = fieldErrors(tf, validateFlow(fields, Math.floor(Date.now() / 1000)));
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const out = await createFlow({ type: type.kind, title: values.title, content: values.content, ...type.timing, source: templateSource(type) });
    if (out.data) return location.assign(`${base}/flows/edit/${out.data.id}`);
    setBusy(false);
    notify('error', out.problem ? explainProblem(out.problem, tf, { prefixes: ['server.'] }) : tf('failed'));
  };

  const integration = where.integration as keyof typeof INTEGRATION_NAMES;
  return (
    <div className="grid gap-3">
      <p className="text-sm m-0">
        <a className="text-brand-dark underline" href={`${base}/templates/${integration}`}>{t('backTo', { system: INTEGRATION_NAMES[integration] })}</a>
      </p>
      <p className="text-sm m-0">
        {tf(`kind.${type.kind}`)} · {timingText(t, props.locale, type)}
      </p>
      <p className="text-sm text-ink-muted m-0">{t('addHint')}</p>
      <TemplateForm t={t} values={values} errors={errors} busy={busy} submit={t('create')} onChange={setValues} onSubmit={() => void submit()} />
    </div>
  );
}
