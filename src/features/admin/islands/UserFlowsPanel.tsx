import { lazy, Suspense, useState } from 'react';
import { logAdminFailure, type AdminSchemas } from '../api.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { linkTo, type AdminProps } from './props.ts';
import { usePagedList } from '../../../stores/use-paged-list.ts';
import { transferFlows, userFlowsPage } from '../store.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { Table } from '../../../ui/table.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Section } from '../../../ui/section.tsx';
import { buttonClass, inputClass, textLinkClass } from '../../../ui/classes.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { listTexts } from './helpers.ts';

// Loaded when the screen first asks: no code for the dialog in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

type Mode = 'transfer' | 'copy';

/** A customer's flows (as the owner sees them) and the §6 transfer/copy of some or all of them to another user id. */
export function UserFlowsPanel(props: AdminProps & { userId: number }) {
  const t = useT(props);
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState('');
  const [mode, setMode] = useState<Mode>('copy');
  const [targetError, setTargetError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ target: number; body: AdminSchemas['AdminFlowTransferResult'] } | null>(null);

  const { state: list, load } = usePagedList({ name: 'user flows', loadingAtStart: true, onFail: logAdminFailure }, {}, userFlowsPage(props.userId), props.userId);

  const flows = list.items;
  const count = selected.length || list.total || 0;
  const targetId = Number(target);
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const allOnPage = flows.length > 0 && flows.every((f) => selected.includes(f.id));

  const ask = () => {
    if (!Number.isInteger(targetId) || targetId < 1) return setTargetError(t('flows.targetInvalid'));
    setTargetError('');
    setConfirming(true);
  };
  const run = async () => {
    setBusy(true);
    try {
      const { data, error } = await transferFlows(props.userId, { flowIds: selected, targetUserId: targetId, mode });
      if (error || !data) {
        logAdminFailure('flow transfer', error);
        setTargetError(explainFieldErrors((error as { errors?: { field: string; message: string }[] } | undefined)?.errors, t).targetUserId ?? explainProblem(error, t, { fallback: 'common.saveFailed' }));
        return;
      }
      setResult({ target: targetId, body: data });
      setSelected([]);
      await load(1);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Section title={t('flows.title')}>
      <Table
        caption={t('flows.caption')}
        list={list}
        rowKey={(f) => f.id}
        rowData={(f) => ({ 'data-flow-id': f.id })}
        notices={{ texts: listTexts(t) }}
        columns={[
          {
            header: <input type="checkbox" aria-label={t('flows.selectAll')} checked={allOnPage} onChange={(e) => setSelected((s) => (e.target.checked ? [...new Set([...s, ...flows.map((f) => f.id)])] : s.filter((id) => !flows.some((f) => f.id === id))))} />,
            cell: (f) => <input type="checkbox" aria-label={t('flows.selectOne', { title: f.title })} checked={selected.includes(f.id)} onChange={(e) => toggle(f.id, e.target.checked)} />,
          },
          { header: t('flows.col.title'), cell: (f) => f.title },
          { header: t('flows.col.type'), cell: (f) => t(`flowNames.kind.${f.type}`) },
          { header: t('flows.col.status'), cell: (f) => t(`flowNames.status.${f.status}`) },
          { header: t('flows.col.mode'), cell: (f) => t(`flowNames.mode.${f.mode}`) },
          { header: t('flows.col.edited'), cell: (f) => formatDateTime(props.locale, f.edited) },
        ]}
      />
      <Pager t={t} page={list.page} pages={list.pages} label={t('flows.pages')} onPage={(p) => void load(p)} />

      <fieldset className="border border-gray-200 rounded p-3 mt-4 grid gap-3 sm:grid-cols-[12rem_16rem_auto] items-end" disabled={busy || (list.total ?? 0) === 0}>
        <legend className="text-sm font-medium px-1">{t('flows.transferTitle')}</legend>
        <Field label={t('flows.target')} error={targetError}>
          {(id, describedBy) => (
            <input id={id} className={inputClass} inputMode="numeric" value={target} aria-invalid={Boolean(targetError)} aria-describedby={describedBy} onChange={(e) => (setTarget(e.target.value.trim()), setConfirming(false))} />
          )}
        </Field>
        <Field label={t('flows.action')}>
          {(id) => (
            <select id={id} className={inputClass} value={mode} onChange={(e) => (setMode(e.target.value as Mode), setConfirming(false))}>
              <option value="copy">{t('flows.modeCopy')}</option>
              <option value="transfer">{t('flows.modeTransfer')}</option>
            </select>
          )}
        </Field>
        <button type="button" className={buttonClass} onClick={ask}>{t('flows.submit')}</button>
        <p className="text-xs text-ink-muted m-0 sm:col-span-3">{selected.length ? t('flows.scopeSelected', { count: selected.length }) : t('flows.scopeAll', { count })}</p>
      </fieldset>
      {confirming && (
        <Suspense>
          <ConfirmDialog
            open
            title={t('flows.transferTitle')}
            text={t(mode === 'copy' ? 'flows.confirmCopy' : 'flows.confirmTransfer', { count, target: targetId })}
            confirm={t('flows.confirm')}
            cancel={t('common.cancel')}
            tone="normal"
            onConfirm={() => void run()}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      )}
      {result && (
        <div role="status" className="mt-3 text-sm">
          <p className="m-0">
            {t('flows.result', { ok: result.body.succeeded, failed: result.body.failed })}{' '}
            <a className={textLinkClass} href={linkTo(`${props.links.users}?id={id}`, result.target)}>{t('flows.openTarget', { id: result.target })}</a>
          </p>
          {result.body.failed > 0 && (
            <ul className="m-0 mt-1 pl-5">
              {result.body.results.filter((r) => !r.ok).map((r) => <li key={r.id}>{t('flows.failedOne', { id: r.id, message: explainProblem(r, t) })}</li>)}
            </ul>
          )}
        </div>
      )}
    </Section>
  );
}
