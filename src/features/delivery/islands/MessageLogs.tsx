import { useEffect, useMemo, useRef, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { CHANNELS, STATUSES, allowanceText, filtersFrom, flowOptions, listMessages, playSandboxEvent, queryOf, type DeliveryMessage, type DeliveryMessageList, type LogFilters, type SandboxEvent } from '../store.ts';
import { MessageLogsTable } from './MessageLogsTable.tsx';
import type { InsightsProps } from '../../phones/islands/props.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';
import { Pager } from '../../../ui/pager.tsx';
import { inputClass, primaryLinkClass, secondaryButtonClass, textLinkClass } from '../../../ui/classes.ts';
import { listTexts } from '../../../ui/list-states.tsx';

/** The phones props shape, with the `delivery` messages typed so t() keys are checked. */
type Props = Omit<InsightsProps, 'messages'> & { messages: WithUi<NamespaceMessages['delivery']>; base: string };
type Answer = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: DeliveryMessageList };

/** §2 /insights/message-logs: every message with its flow, recipient, channel, status and times; filters live in the URL. */
export default function MessageLogs(props: Props) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const [filters, setFilters] = useState<LogFilters>({ page: 1 });
  const [answer, setAnswer] = useState<Answer>({ state: 'loading' });
  const [loading, setLoading] = useState(true);
  const [flows, setFlows] = useState<{ id: number; title: string }[]>([]);
  const latest = useRef(0);
  // One sandbox mark at a time; `note` is announced politely, a failure as an alert.
  const [marking, setMarking] = useState<number | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [refocus, setRefocus] = useState<{ id: number } | null>(null);

  const mark = async (m: DeliveryMessage, status: SandboxEvent) => {
    if (marking !== null) return;
    setMarking(m.id);
    setNote(null);
    const { data: updated } = await playSandboxEvent(m.id, status).catch(() => ({ data: undefined }));
    setMarking(null);
    if (!updated) return setNote({ ok: false, text: t('logs.sandbox.failed') });
    setAnswer((a) => (a.state === 'ready' ? { state: 'ready', data: { ...a.data, messages: a.data.messages.map((x) => (x.id === updated.id ? updated : x)) } } : a));
    setNote({ ok: true, text: t('logs.sandbox.done', { status: t(`logs.status.${updated.status}`) }) });
    setRefocus({ id: updated.id });
  };
  useEffect(() => {
    // The pressed button may be gone (that step is done): keep the keyboard in the row, on its next step or its status.
    if (!refocus) return;
    const row = document.querySelector(`tr[data-message-id="${refocus.id}"]`);
    (row?.querySelector<HTMLElement>('[data-sandbox-actions] button') ?? row?.querySelector<HTMLElement>('[data-status]'))?.focus();
  }, [refocus]);

  const load = async (f: LogFilters) => {
    const ticket = ++latest.current;
    setLoading(true);
    const { data } = await listMessages(f).catch(() => ({ data: undefined }));
    if (ticket !== latest.current) return; // a slower earlier answer never overwrites a newer one
    setLoading(false);
    if (!data) return setAnswer({ state: 'failed' });
    if (!data.messages.length && data.total > 0 && f.page > data.pages) return void change({ ...f, page: data.pages });
    setAnswer({ state: 'ready', data });
  };
  const change = (f: LogFilters) => {
    setFilters(f);
    history.replaceState(history.state, '', `${location.pathname}${queryOf(f)}`);
    void load(f);
  };
  useEffect(() => {
    // Read after hydration: the server-rendered markup has no query, so the first client render must match it.
    const fromUrl = filtersFrom(location.search);
    setFilters(fromUrl);
    void load(fromUrl);
    void flowOptions().then((list) => list && setFlows(list));
  }, []);

  const data = answer.state === 'ready' ? answer.data : undefined;
  const warning = data && allowanceText(t, data.allowance);
  const filtered = Boolean(filters.flowId || filters.status || filters.channel);
  const busy = loading;
  // A flow from the URL that is not among the loaded ones still shows as selected.
  const flowList = filters.flowId && !flows.some((f) => f.id === filters.flowId) ? [...flows, { id: filters.flowId, title: `#${filters.flowId}` }] : flows;

  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{t('logs.intro')}</p>
      {data && data.allowance.limit !== null && (
        <div role={warning ? 'alert' : undefined} className={`rounded border p-3 mb-4 text-sm ${warning ? 'border-yellow-300 bg-yellow-50' : 'border-gray-200 bg-white'}`}>
          {warning && (
            <p className="m-0 mb-1 font-semibold">
              {warning} <a className={textLinkClass} href={`${props.base}/payments`} data-buy-messages>{t('logs.allowance.buy')}</a>
            </p>
          )}
          <p className="m-0">{t('logs.allowance.state', { used: data.allowance.used, limit: data.allowance.limit, left: data.allowance.left ?? 0 })}</p>
        </div>
      )}

      <form className="grid gap-3 sm:grid-cols-3 mb-4" aria-label={t('logs.filters')} onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('logs.filter.flow')}
          <select className={inputClass} value={filters.flowId ?? ''} onChange={(e) => change({ ...filters, flowId: Number(e.target.value) || undefined, page: 1 })}>
            <option value="">{t('logs.filter.allFlows')}</option>
            {flowList.map((f) => (
              <option key={f.id} value={f.id}>{f.title}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('logs.filter.status')}
          <select className={inputClass} value={filters.status ?? ''} onChange={(e) => change({ ...filters, status: (e.target.value || undefined) as LogFilters['status'], page: 1 })}>
            <option value="">{t('logs.filter.allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>{t(`logs.status.${s}`)}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('logs.filter.channel')}
          <select className={inputClass} value={filters.channel ?? ''} onChange={(e) => change({ ...filters, channel: (e.target.value || undefined) as LogFilters['channel'], page: 1 })}>
            <option value="">{t('logs.filter.allChannels')}</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>{t(`logs.channel.${c}`)}</option>
            ))}
          </select>
        </label>
      </form>

      <div className="flex items-center gap-3 mb-2">
        <p className="text-sm text-ink-muted m-0" aria-live="polite">{data ? t('logs.found', { count: data.total }) : ''}</p>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void load(filters)}>{t('logs.refresh')}</button>
      </div>
      {data?.messages.some((m) => m.channel === 'sandbox') && <p className="text-xs text-ink-muted m-0 mb-2" data-legend>{t('logs.legendSandbox')}</p>}
      <p className={note?.ok ? 'text-sm m-0 mb-2' : 'sr-only'} aria-live="polite">{note?.ok ? note.text : ''}</p>
      {note && !note.ok && <p className="text-sm text-red-700 m-0 mb-2" role="alert">{note.text}</p>}
      <MessageLogsTable
        t={t}
        locale={props.locale}
        base={props.base}
        list={{ items: data?.messages ?? [], loading: busy, failed: answer.state === 'failed' }}
        busy={busy || marking !== null}
        notices={{
          texts: listTexts(t, { empty: t(filtered ? 'logs.emptyFiltered' : 'logs.empty') }),
          retry: { label: t('ui.retry'), run: () => void load(filters) },
          emptyAction: !filtered && <a className={primaryLinkClass} href={`${props.base}/flows`}>{t('logs.toFlows')}</a>,
          emptyIcon: 'i-lucide-mail',
        }}
        onMark={(m, s) => void mark(m, s)}
      />

      {data && <Pager t={t} page={data.page} pages={data.pages} busy={busy} onPage={(page) => change({ ...filters, page })} />}
    </div>
  );
}
