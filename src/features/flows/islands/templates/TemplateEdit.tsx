import { useEffect, useMemo, useState } from 'react';
import { createT } from '../../../../i18n/translate.ts';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { notify } from '../../../../scripts/notify.ts';
import { getFlow, patchFlow, type Flow } from '../../store.ts';
import TemplateForm, { fieldErrors, type FieldErrors, type TemplateValues } from './TemplateForm.tsx';
import { templatePath, type TemplatesProps } from './props.ts';

/**
 * `/templates/{integration}/edit/{workflowId}`: the quick edit of a flow made from a template — title, text and test
 * numbers; everything else (timing, filters, buttons, image) is in the full editor linked from here.
 */
export default function TemplateEdit(props: TemplatesProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const tf = useMemo(() => createT(props.locale, props.flowsMessages), [props.locale, props.flowsMessages]);
  const base = props.base ?? '';
  const [flow, setFlow] = useState<Flow | null | undefined>(undefined);
  const [values, setValues] = useState<TemplateValues>({ title: '', content: '', testPhones: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const id = Number(templatePath().arg);
    if (!Number.isInteger(id) || id < 1) return setFlow(null);
    void getFlow(id).then((out) => {
      setFlow(out.data ?? null);
      if (out.data) setValues({ title: out.data.title, content: out.data.content, testPhones: out.data.testPhones });
    });
  }, []);

  if (flow === undefined) return <p className="text-sm text-ink-muted" role="status">{t('loading')}</p>;
  if (flow === null) {
    return (
      <p className="text-sm" role="status">
        {t('flowNotFound')} <a className="text-brand-dark underline" href={`${base}/flows`}>{t('toFlows')}</a>
      </p>
    );
  }

  const save = async () => {
    const next = { ...flow, title: values.title, content: values.content, testPhones: values.testPhones ?? '' };
    // The end date rule looks at the future only: a flow saved earlier keeps its date.
    // The rules (with the phone metadata) load on first submit, keeping the page's initial JS small.
    const { validateFlow } = await import('../../../../shared/flows/validate.ts');
    const problems = fieldErrors(tf, validateFlow({ ...next, endDate: null }, Math.floor(Date.now() / 1000)));
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const out = await patchFlow(flow.id, { title: next.title, content: next.content, testPhones: next.testPhones.trim() });
    setBusy(false);
    if (out.data) {
      setFlow(out.data);
      notify('success', t('saved'));
    } else notify('error', out.problem ? explainProblem(out.problem, tf, { prefixes: ['server.'] }) : tf('failed'));
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm m-0">
        {tf(`kind.${flow.type}`)} · <span>{tf(`status.${flow.status}`)}</span> · <span>{tf(`mode.${flow.mode}`)}</span>
      </p>
      <p className="text-sm m-0">
        <a className="text-brand-dark underline" href={`${base}/flows/edit/${flow.id}`}>{t('fullEditor')}</a>
      </p>
      <TemplateForm t={t} values={values} errors={errors} busy={busy} submit={t('save')} onChange={setValues} onSubmit={() => void save()} />
    </div>
  );
}
