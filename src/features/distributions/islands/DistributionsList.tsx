import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import { explainProblem, type ProblemLike } from '../../../api/explain-problem.ts';
import { $session } from '../../../stores/session.ts';
import { FLOW_MODES, FLOW_STATUSES } from '../../../shared/flows/kinds.ts';
import { Pager } from '../../../ui/pager.tsx';
import { Table } from '../../../ui/table.tsx';
import { listTexts } from '../../../ui/list-states.tsx';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import {
  $distributions,
  $distributionTariff,
  $selected,
  bulkDistributions,
  createDistribution,
  deleteDistribution,
  DISTRIBUTION_TYPES,
  duplicateDistribution,
  isRunning,
  loadDistributions,
  loadDistributionTariff,
  selectAllDistributions,
  toggleDistribution,
  type BulkAction,
  type BulkResult,
  type Distribution,
  type DistributionSort,
  type SortOrder,
} from '../store.ts';
import type { DistributionsProps } from './props.ts';
import { listColumns } from './list-columns.tsx';
import { BlockerNotices } from './notices.tsx';
import { usePoll } from './use-poll.ts';

// Loaded when the screen first asks: not in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

const SORTS = ['edited:desc', 'edited:asc', 'created:desc', 'created:asc', 'lastStart:desc', 'lastStart:asc'] as const;
/** §8 bulk texts by action: [all done, all failed]. */
const BULK_TEXTS = {
  Pause: ['distributionsStopped', 'distributionsStopFailed'],
  Resume: ['distributionsResumed', 'distributionsResumeFailed'],
  Delete: ['distributionsRemoved', 'distributionsRemoveFailed'],
} as const;

/** What the confirmation asks about: the selection, or one row's delete button. */
type Asking = { kind: 'bulk' } | { kind: 'one'; row: Distribution } | null;

/**
 * `/distributions` (issue 20, §2): search, status / mode / type filters, sort, paging, bulk pause / resume / delete
 * (confirmed), per-row duplicate and delete, the add button; live counts and progress (polled every 3 s while a
 * listed distribution runs); §6 notices for test users and a tariff without distributions.
 */
export default function DistributionsList(props: DistributionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const state = useStore($distributions);
  const chosen = useStore($selected);
  const session = useStore($session);
  const [search, setSearch] = useState(state.query.search);
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  // The notices depend on the first page (Unavailable, no messages left) and the owner's tariffs: until both are in,
  // nothing is drawn that they would push down (tests/e2e/layout-shift.spec.ts).
  const [firstPageIn, setFirstPageIn] = useState(!state.loading);
  const tariff = useStore($distributionTariff);
  useEffect(() => void (!state.loading && setFirstPageIn(true)), [state.loading]);
  const [tariffMissing, setTariffMissing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const base = props.base;
  const paymentsHref = props.paymentsHref ?? `${base}/payments`;

  useEffect(() => {
    void loadDistributions(1);
    // §6: say what to buy before the owner builds a distribution they cannot start (null: unknown, say nothing).
    void loadDistributionTariff();
  }, []);

  usePoll(state.items.some((d) => isRunning(d.status)), () => loadDistributions());

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void loadDistributions(1, { search: value }), 300); // once typing pauses
  };

  const localize = (problem: ProblemLike) => explainProblem(problem, t, { prefixes: ['server.'] });
  /** A refusal's toast; "not in the tariff" names its way out and raises the notice. */
  const refused = (problem: ProblemLike | null, fallback: string) => {
    if (problem?.code === 'distributionNotAvailable') setTariffMissing(true);
    const link = problem?.code === 'distributionNotAvailable' ? { href: paymentsHref, text: t('choosePlan') } : undefined;
    notify('error', problem ? `${fallback}: ${localize(problem)}` : fallback, { link });
  };

  /** One toast per bulk result: the §8 text when all went one way, the counts, and the first failure's own text. */
  const report = (result: BulkResult | undefined, action: BulkAction) => {
    const texts = BULK_TEXTS[action];
    if (!result) return notify('error', t(`server.${texts[1]}`));
    const firstFailure = result.results.find((r) => !r.ok);
    const counts = t('summary', { succeeded: result.succeeded, failed: result.failed });
    const summary = result.failed && result.succeeded ? counts : `${t(`server.${texts[result.failed ? 1 : 0]}`)}. ${counts}`;
    notify(result.failed ? (result.succeeded ? 'warning' : 'error') : 'success', firstFailure ? `${summary} ${localize(firstFailure)}` : summary);
  };

  const run = async (action: BulkAction) => {
    setBusy(true);
    report(await bulkDistributions(action), action);
    setBusy(false);
  };

  const removeOne = async (row: Distribution) => {
    setBusy(true);
    const out = await deleteDistribution(row.id);
    setBusy(false);
    if (out.data) notify('success', t('server.distributionRemoved'));
    else refused(out.problem, t('server.distributionRemoveFailed'));
  };

  const duplicate = async (row: Distribution) => {
    setBusy(true);
    const out = await duplicateDistribution(row.id);
    setBusy(false);
    if (out.data) notify('success', t('server.distributionDuplicated'));
    else refused(out.problem, t('server.distributionDuplicateFailed'));
  };

  /** Creates a paused test-mode distribution and opens its editor. */
  const add = async () => {
    setAdding(true);
    const out = await createDistribution();
    if (out.data) return void location.assign(`${base}/distributions/edit/${out.data.id}`);
    setAdding(false);
    refused(out.problem, t('failed'));
  };

  const testUser = session.user?.isTestUser === true;
  const selected = new Set(chosen);
  const allSelected = state.items.length > 0 && state.items.every((d) => selected.has(d.id));
  const q = state.query;
  const filtering = q.search.trim() !== '' || q.status !== '' || q.mode !== '' || q.type !== '';
  const blockers = {
    testUser,
    notAvailable: tariffMissing || tariff === 'missing' || state.items.some((d) => d.status === 'Unavailable'),
    noMessages: state.items.some((d) => d.statusReason === 'noMessagesLeft'),
  };
  const addButton = !testUser && (
    <button type="button" className={buttonClass} disabled={adding} aria-busy={adding} onClick={() => void add()}>
      {adding ? t('adding') : filtering || state.items.length ? t('add') : t('createFirst')}
    </button>
  );

  if (!firstPageIn || tariff === 'unknown') {
    return (
      <div className="min-h-[28rem]">
        <p role="status" className="text-sm text-ink-muted m-0">{t('ui.loading')}</p>
      </div>
    );
  }
  return (
    <div>
      <BlockerNotices blockers={blockers} paymentsHref={paymentsHref} texts={{ testUser: t('testUser'), notAvailable: t('notAvailable'), noMessages: t('noMessages'), choosePlan: t('choosePlan'), buyPack: t('buyPack') }} />

      <div className="flex flex-wrap items-center justify-between gap-2 mb-3">
        {state.items.length > 0 || filtering ? addButton : <span />}
        {state.items.some((d) => isRunning(d.status)) && <p className="text-xs text-ink-muted m-0">{t('live')}</p>}
      </div>

      <form role="search" className="grid gap-3 sm:grid-cols-[1fr_10rem_9rem_12rem_14rem] items-end mb-3" onSubmit={(e) => (e.preventDefault(), void loadDistributions(1, { search }))}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('search')}
          <input type="search" className={inputClass} value={search} onChange={(e) => onSearch(e.target.value)} autoComplete="off" maxLength={200} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('statusFilter')}
          <select className={inputClass} value={q.status} onChange={(e) => void loadDistributions(1, { status: e.target.value as typeof q.status })}>
            <option value="">{t('allStatuses')}</option>
            {FLOW_STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('modeFilter')}
          <select className={inputClass} value={q.mode} onChange={(e) => void loadDistributions(1, { mode: e.target.value as typeof q.mode })}>
            <option value="">{t('allModes')}</option>
            {FLOW_MODES.map((m) => <option key={m} value={m}>{t(`mode.${m}`)}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('typeFilter')}
          <select className={inputClass} value={q.type} onChange={(e) => void loadDistributions(1, { type: e.target.value as typeof q.type })}>
            <option value="">{t('allTypes')}</option>
            {DISTRIBUTION_TYPES.map((k) => <option key={k} value={k}>{t(`type.${k}`)}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('sort.label')}
          <select
            className={inputClass}
            value={`${q.sort}:${q.order}`}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(':') as [DistributionSort, SortOrder];
              void loadDistributions(1, { sort, order });
            }}
          >
            {SORTS.map((s) => <option key={s} value={s}>{t.dynamic(`sort.${s.replace(':', '_')}`)}</option>)}
          </select>
        </label>
      </form>

      <div role="group" aria-label={t('actions')} className="flex flex-wrap items-center gap-2 mb-3">
        <span className="text-sm text-ink-muted mr-2" aria-live="polite">{t('selected', { count: chosen.length })}</span>
        <button type="button" className={secondaryButtonClass} disabled={!chosen.length || busy} onClick={() => void run('Pause')}>{t('pause')}</button>
        <button type="button" className={secondaryButtonClass} disabled={!chosen.length || busy} onClick={() => void run('Resume')}>{t('resume')}</button>
        <button type="button" className={secondaryButtonClass} disabled={!chosen.length || busy} onClick={() => setAsking({ kind: 'bulk' })}>{t('delete')}</button>
      </div>

      {asking && (
        <Suspense>
          <ConfirmDialog
            open
            title={t(asking.kind === 'bulk' ? 'confirm.title' : 'confirm.oneTitle')}
            text={asking.kind === 'bulk' ? t('confirm.text', { count: chosen.length }) : t('confirm.one', { title: asking.row.title })}
            confirm={t('confirm.yes')}
            cancel={t('confirm.no')}
            onConfirm={() => void (asking.kind === 'bulk' ? run('Delete') : removeOne(asking.row))}
            onClose={() => setAsking(null)}
          />
        </Suspense>
      )}

      <Table
        caption={t('caption')}
        list={state}
        rowKey={(d) => d.id}
        rowData={(d) => ({ 'data-distribution-id': d.id })}
        busy={state.loading && !state.items.some((d) => isRunning(d.status))}
        notices={{
          found: t('found', { count: state.total }),
          texts: listTexts(t, { failed: t('server.distributionsGetFailed'), empty: t(filtering ? 'emptySearch' : 'empty') }),
          retry: { label: t('ui.retry'), run: () => void loadDistributions() },
          emptyAction: !filtering && addButton,
          emptyIcon: 'i-lucide-megaphone',
        }}
        columns={listColumns({
          t,
          locale: props.locale,
          base,
          query: q,
          selected,
          allSelected,
          busy,
          onSelectAll: selectAllDistributions,
          onSelect: toggleDistribution,
          onDuplicate: (d) => void duplicate(d),
          onDelete: (d) => setAsking({ kind: 'one', row: d }),
        })}
      />

      <Pager t={t} label={t('pages')} page={state.page} pages={state.pages} busy={state.loading} onPage={(page) => void loadDistributions(page)} />
    </div>
  );
}
