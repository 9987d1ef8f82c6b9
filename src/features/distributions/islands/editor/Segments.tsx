import { useEffect, useState } from 'react';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { notify } from '../../../../scripts/notify.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog.tsx';
import { inputClass, secondaryButtonClass } from '../../../../ui/classes.ts';
import { Select } from '../../../../ui/select.tsx';
import { createSegment, deleteSegment, loadSegments, type Segment } from '../../store-editor.ts';
import type { StepProps } from './LazyStep.tsx';

/**
 * Saved audiences (client-base filters under a name): pick one to fill the filters, save the current filters under a
 * name, delete the chosen one after a confirmation (distributions that used it keep their filters).
 */
export default function Segments({ te, tp, dist, changeDist }: StepProps) {
  const [list, setList] = useState<Segment[] | 'loading' | 'failed'>('loading');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    let live = true;
    void loadSegments().then((r) => live && setList('ok' in r ? r.ok : 'failed'));
    return () => {
      live = false;
    };
  }, []);

  const segments = typeof list === 'string' ? [] : list;
  const chosen = segments.find((s) => s.id === dist.segmentId);
  const explain = (problem: object) => explainProblem(problem, tp, { prefixes: ['rule.'], fallback: 'problem.failed' });

  const save = async () => {
    setBusy(true);
    const result = await createSegment(name.trim(), dist.filters);
    setBusy(false);
    if ('ok' in result) {
      setList([result.ok, ...segments]);
      setName('');
      changeDist({ segmentId: result.ok.id });
      notify('success', te('segmentSaved'));
    } else notify('error', result.problem.code ? explain(result.problem) : te('segmentFailed'));
  };
  const remove = async () => {
    if (!chosen) return;
    const result = await deleteSegment(chosen.id);
    if ('ok' in result) {
      setList(segments.filter((s) => s.id !== chosen.id));
      changeDist({ segmentId: null });
      notify('success', te('segmentDeleted'));
    } else notify('error', explain(result.problem));
  };

  return (
    <fieldset className="border border-gray-200 rounded p-3 m-0 grid gap-3">
      <legend className="text-sm font-medium px-1">{te('segments')}</legend>
      {list === 'loading' && <p role="status" className="text-sm m-0">{tp('pickLoading')}</p>}
      {list === 'failed' && <p role="alert" className="text-sm text-red-700 m-0">{te('segmentsFailed')}</p>}
      {list !== 'loading' && list !== 'failed' && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium grow">
            {te('segmentPick')}
            <Select
              name="segment"
              options={segments.map((s) => ({ value: s.id, label: s.title }))}
              placeholder={te('segmentChoose')}
              empty={te('segmentsEmpty')}
              value={chosen?.id ?? ''}
              onChange={(e) => {
                const s = segments.find((x) => x.id === Number(e.target.value));
                changeDist(s ? { filters: s.filters, segmentId: s.id } : { segmentId: null });
              }}
            />
          </label>
          {chosen && (
            <button type="button" className={secondaryButtonClass} onClick={() => setAsking(true)}>
              {te('deleteSegment')}
            </button>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium grow">
          {te('segmentName')}
          <input className={inputClass} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="button" className={secondaryButtonClass} disabled={busy || !name.trim()} onClick={() => void save()}>
          {te('saveSegment')}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={te('deleteSegmentTitle')}
        text={te('deleteSegmentText', { name: chosen?.title ?? '' })}
        confirm={te('deleteSegmentYes')}
        cancel={te('deleteSegmentNo')}
        onConfirm={() => void remove()}
        onClose={() => setAsking(false)}
      />
    </fieldset>
  );
}
