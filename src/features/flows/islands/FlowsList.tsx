import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
// Direct modules, not the index: the validation rules pull in the phone metadata this screen does not need.
import { canPause, FLOW_STATUSES } from '../../../shared/flows/kinds.ts';
import { $flows, $selected, bulkFlows, duplicateFlow, loadFlows, selectAllFlows, setFlowRunning, toggleFlow, type BulkAction, type BulkResult, type FlowSort, type FlowStatus, type SortOrder } from '../store.ts';
import type { FlowsProps } from './props.ts';
import { explainProblem, type ProblemLike } from '../../../api/explain-problem.ts';
import { badgeClass } from './status-badge.ts';
import { Pager } from '../../../ui/pager.tsx';
import { buttonLinkClass, inputClass, menuItemClass, primaryLinkClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { RowMenu } from '../../../ui/row-menu.tsx';
import { Switch } from '../../../ui/switch.tsx';
import { Table } from '../../../ui/table.tsx';
import { listTexts } from '../../../ui/list-states.tsx';
import { formatDateTime } from '../../../ui/format.ts';

// Loaded when the screen first asks (a dialog, the test numbers form): not in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));
const FlowsTestPhones = lazy(() => import('./FlowsTestPhones.tsx'));

const SORTS = ['edited:desc', 'edited:asc', 'created:desc', 'created:asc'] as const;
/** §8 bulk texts by action: [all done, all failed]. */
const BULK_TEXTS = {
  Pause: ['flowsStopped', 'flowsStopFailed'],
  Resume: ['flowsResumed', 'flowsResumeFailed'],
  Delete: ['flowsRemoved', 'flowsRemoveFailed'],
} as const;


/**
 * §2 flows list: search, status filter, date sort, select all, bulk pause / resume / delete (confirmed) / test numbers,
 * links to the mass text edit, the editor and the conversion report, duplicate per row, paging.
 */
export default function FlowsList(props: FlowsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const state = useStore($flows);
  const chosen = useStore($selected);
  const [search, setSearch] = useState(state.query.search);
  const [confirming, setConfirming] = useState(false);
  const [phones, setPhones] = useState(false);
  const [busy, setBusy] = useState(false);
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => void loadFlows(1), []);

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void loadFlows(1, { search: value }), 300); // search once typing pauses
  };

  const localize = (problem: ProblemLike) => explainProblem(problem, t, { prefixes: ['server.'] });

  /**
   * One toast per bulk result: "Done: N, failed: M", after the §8 bulk text when every flow went one way ("Flows
   * stopped", "Failed to stop the flows"), and the first failure's own text whenever something failed.
   */
  const report = (result: BulkResult | undefined, action?: BulkAction) => {
    const texts = action && BULK_TEXTS[action];
    if (!result) return notify('error', texts ? t(`server.${texts[1]}`) : t('failed'));
    const firstFailure = result.results.find((r) => !r.ok);
    const counts = t('summary', { succeeded: result.succeeded, failed: result.failed });
    const summary = !texts || (result.failed && result.succeeded) ? counts : `${t(`server.${texts[result.failed ? 1 : 0]}`)}. ${counts}`;
    notify(result.failed ? (result.succeeded ? 'warning' : 'error') : 'success', firstFailure ? `${summary} ${localize(firstFailure)}` : summary);
  };

  const run = async (action: BulkAction) => {
    setBusy(true);
    setConfirming(false);
    report(await bulkFlows(action), action);
    setBusy(false);
  };

  const duplicate = async (id: number) => {
    setBusy(true);
    const out = await duplicateFlow(id);
    setBusy(false);
    if (out.data) notify('success', t('server.flowDuplicated'));
    else notify('error', out.problem ? `${t('server.flowDuplicateFailed')}: ${localize(out.problem)}` : t('server.flowDuplicateFailed'));
  };

  const base = props.base ?? '';
  /** A row's switch: Resume or Pause at once; on failure the row is back as it was and the toast says why. */
  const turn = async (id: number, on: boolean) => {
    setSwitching((ids) => new Set(ids).add(id));
    const out = await setFlowRunning(id, on);
    setSwitching((ids) => new Set([...ids].filter((i) => i !== id)));
    if (out.data) return void notify('success', t(on ? 'server.flowResumed' : 'server.flowStopped'));
    const failed = t(on ? 'server.flowsResumeFailed' : 'server.flowsStopFailed');
    // "Not available in the tariff" names its way out: the payments screen.
    const link = out.problem?.code === 'flowNotAvailable' ? { href: `${base}/payments`, text: t('choosePlan') } : undefined;
    notify('error', out.problem ? localize(out.problem) : failed, { link });
  };

  const selected = new Set(chosen);
  const massEditHref = `${base}/flows/EditTextInFlows${chosen.length ? `?ids=${chosen.join(',')}` : ''}`;
  const allSelected = state.items.length > 0 && state.items.every((f) => selected.has(f.id));
  const filtering = state.query.search.trim() !== '' || state.query.status !== '';
  const byCreated = state.query.sort === 'created';

  return (
    <div>
      <form role="search" className="grid gap-3 sm:grid-cols-[1fr_12rem_14rem] items-end mb-3" onSubmit={(e) => (e.preventDefault(), void loadFlows(1, { search }))}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('search')}
          <input type="search" className={inputClass} value={search} onChange={(e) => onSearch(e.target.value)} autoComplete="off" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('statusFilter')}
          <select className={inputClass} value={state.query.status} onChange={(e) => void loadFlows(1, { status: e.target.value as FlowStatus | '' })}>
            <option value="">{t('allStatuses')}</option>
            {FLOW_STATUSES.map((s) => (
              <option key={s} value={s}>{t(`status.${s}`)}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('sort.label')}
          <select
            className={inputClass}
            value={`${state.query.sort}:${state.query.order}`}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(':') as [FlowSort, SortOrder];
              void loadFlows(1, { sort, order });
            }}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>{t.dynamic(`sort.${s.replace(':', '_')}`)}</option>
            ))}
          </select>
        </label>
      </form>

      <div role="group" aria-label={t('actions')} className="flex flex-wrap items-center gap-2 mb-3">
        <span className="text-sm text-ink-muted mr-2" aria-live="polite">{t('selected', { count: chosen.length })}</span>
        <button type="button" className={secondaryButtonClass} disabled={!chosen.length || busy} onClick={() => void run('Pause')}>{t('pause')}</button>
        <button type="button" className={secondaryButtonClass} disabled={!chosen.length || busy} onClick={() => void run('Resume')}>{t('resume')}</button>
        <button type="button" className={secondaryButtonClass} disabled={!chosen.length || busy} onClick={() => setConfirming(true)}>{t('delete')}</button>
        <button type="button" className={secondaryButtonClass} disabled={!chosen.length || busy} onClick={() => setPhones(true)}>{t('testPhones.open')}</button>
        <a className={buttonLinkClass} href={massEditHref}>{t('massEdit')}</a>
      </div>

      {phones && chosen.length > 0 && (
        <Suspense>
          <FlowsTestPhones t={t} locale={props.locale} count={chosen.length} onCancel={() => setPhones(false)} onDone={(result) => (setPhones(false), report(result))} />
        </Suspense>
      )}

      {confirming && (
        <Suspense>
          <ConfirmDialog
            open
            title={t('confirm.title')}
            text={t('confirm.text', { count: chosen.length })}
            confirm={t('confirm.yes')}
            cancel={t('confirm.no')}
            onConfirm={() => void run('Delete')}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      )}

      <Table
        caption={t('caption')}
        list={state}
        rowKey={(f) => f.id}
        notices={{
          found: t('found', { count: state.total }),
          texts: listTexts(t, { failed: t('server.flowsGetFailed'), empty: t(filtering ? 'emptySearch' : 'empty') }),
          // The first flow starts from a template.
          emptyAction: !filtering && <a className={primaryLinkClass} href={`${base}/templates`}>{t('createFirst')}</a>,
          emptyIcon: 'i-lucide-workflow',
        }}
        columns={[
          {
            header: <input type="checkbox" aria-label={t('selectAll')} checked={allSelected} onChange={(e) => selectAllFlows(e.target.checked)} />,
            cell: (f) => <input type="checkbox" aria-label={t('select', { title: f.title })} checked={selected.has(f.id)} onChange={(e) => toggleFlow(f.id, e.target.checked)} />,
          },
          { header: t('col.title'), cell: (f) => <a className="text-brand-dark underline" href={`${base}/flows/edit/${f.id}`}>{f.title}</a> },
          {
            header: t('col.running'),
            cell: (f) => <Switch checked={canPause(f.status)} label={f.title} busy={switching.has(f.id)} onChange={(on) => void turn(f.id, on)} />,
          },
          { header: t('col.kind'), cell: (f) => t(`kind.${f.type}`) },
          { header: t('col.mode'), cell: (f) => t(`mode.${f.mode}`) },
          {
            header: t('col.status'),
            // Why the server stopped the flow (Error, Canceled past its end date), next to the badge.
            cell: (f) => (
              <>
                <span className={badgeClass(f.status)}>{t(`status.${f.status}`)}</span>
                {f.statusReason && <span className="block text-xs text-gray-700 mt-1">{t(`statusReason.${f.statusReason}`)}</span>}
              </>
            ),
          },
          {
            header: t(byCreated ? 'col.created' : 'col.edited'),
            cell: (f) => formatDateTime(props.locale, byCreated ? f.created : f.edited),
            sorted: state.query.order === 'asc' ? 'ascending' : 'descending',
          },
          {
            header: t('col.actions'),
            className: 'whitespace-nowrap',
            cell: (f) => (
              <>
                <button type="button" className={`${secondaryButtonClass} mr-2`} disabled={busy} onClick={() => void duplicate(f.id)} aria-label={t('duplicateOf', { title: f.title })}>
                  {t('duplicate')}
                </button>
                <a className="text-brand-dark underline" href={`${base}/insights/conversion?flowId=${f.id}`} aria-label={t('conversionOf', { title: f.title })}>
                  {t('conversion')}
                </a>
                <RowMenu label={t('rowMenu', { title: f.title })}>
                  <a className={menuItemClass} href={`${base}/flows/edit/${f.id}`}>{t('edit')}</a>
                  <a className={menuItemClass} href={`${base}/insights/message-logs/?flowId=${f.id}`}>{t('messageLog')}</a>
                </RowMenu>
              </>
            ),
          },
        ]}
      />

      <Pager t={t} label={t('pages')} page={state.page} pages={state.pages} busy={state.loading} onPage={(page) => void loadFlows(page)} />
    </div>
  );
}
