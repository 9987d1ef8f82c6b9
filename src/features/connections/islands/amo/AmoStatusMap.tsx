import { useState } from 'react';
import { explainFieldErrors, explainProblem } from '../../../../api/explain-problem.ts';
import type { T } from '../../../../i18n/translate.ts';
import { inputClass } from '../../../../ui/classes.ts';
import { Field, FormMessage, SubmitButton } from '../../../../ui/field.tsx';
import { saveStatusMap, VISIT_STATUSES, type AmoConnection, type AmoMapping } from '../../store-amo.ts';

const keyOf = (pipelineId: number, statusId: number) => `${pipelineId}:${statusId}`;

/** One select per amoCRM stage (grouped by pipeline): which visit status a deal moving there gives its visit. */
export function AmoStatusMap({ t, connection }: { t: T; connection: AmoConnection }) {
  const [choices, setChoices] = useState(() => new Map(connection.statusMap.map((m) => [keyOf(m.pipelineId, m.statusId), m.visitStatus as string])));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string }>();

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    setBusy(true);
    setResult(undefined);
    const statusMap: AmoMapping[] = [];
    for (const p of connection.pipelines) {
      for (const s of p.statuses) {
        const v = choices.get(keyOf(p.id, s.id));
        if (v) statusMap.push({ pipelineId: p.id, statusId: s.id, visitStatus: v as AmoMapping['visitStatus'] });
      }
    }
    const { data, problem } = await saveStatusMap(statusMap);
    setBusy(false);
    const fieldText = Object.values(explainFieldErrors((problem as { errors?: [] } | undefined)?.errors, t))[0];
    setResult(data ? { kind: 'success', text: t('amo.saved') } : { kind: 'error', text: fieldText ?? explainProblem(problem, t) });
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} aria-labelledby="amo-map-title" data-amo-map>
      <h2 id="amo-map-title" className="text-lg font-semibold m-0">{t('amo.mapTitle')}</h2>
      <p className="m-0 text-sm text-ink-muted">{t('amo.mapIntro')}</p>
      {connection.pipelines.length === 0 && <p className="m-0">{t('amo.mapEmpty')}</p>}
      {connection.pipelines.map((p) => (
        <fieldset key={p.id} className="flex flex-col gap-2 border border-gray-200 rounded p-3 m-0">
          <legend className="text-sm font-semibold px-1">{t('amo.mapPipeline', { name: p.name })}</legend>
          {p.statuses.map((s) => (
            <Field key={s.id} label={s.name}>
              {(id) => (
                <select
                  id={id}
                  className={`${inputClass} max-w-xs`}
                  value={choices.get(keyOf(p.id, s.id)) ?? ''}
                  onChange={(e) => {
                    const next = new Map(choices);
                    if (e.currentTarget.value) next.set(keyOf(p.id, s.id), e.currentTarget.value);
                    else next.delete(keyOf(p.id, s.id));
                    setChoices(next);
                  }}
                  data-amo-status={s.id}
                >
                  <option value="">{t('amo.mapNone')}</option>
                  {VISIT_STATUSES.map((v) => (
                    <option key={v} value={v}>{t(`amo.visit.${v}`)}</option>
                  ))}
                </select>
              )}
            </Field>
          ))}
        </fieldset>
      ))}
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      {connection.pipelines.length > 0 && (
        <div>
          <SubmitButton busy={busy} busyLabel={t('amo.saving')}>{t('amo.save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
