import { useEffect, useMemo, useRef, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { WINDOWS, flowConversion, flowOptions, latestSentFlowId, windowFrom, type FlowConversion, type Window } from '../store.ts';
import { formatDays } from '../../../shared/duration.ts';
import { ConversionBars } from './ConversionBars.tsx';
import type { InsightsProps } from '../../phones/islands/props.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';
import { Select } from '../../../ui/select.tsx';

/** The phones props shape, with the `delivery` messages typed so t() keys are checked. */
type Props = Omit<InsightsProps, 'messages'> & { messages: WithUi<NamespaceMessages['delivery']>; base: string };
type Answer = { state: 'idle' | 'loading' | 'failed' | 'missing' } | { state: 'ready'; all: FlowConversion[] };

/** §2 /insights/conversion: the share of clients a flow messaged who booked or visited within 7/14/21/30 days (§9). */
export default function Conversion(props: Props) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const [flowId, setFlowId] = useState<number>();
  const [days, setDays] = useState<Window>(7);
  const [flows, setFlows] = useState<{ id: number; title: string }[]>();
  const [answer, setAnswer] = useState<Answer>({ state: 'idle' });
  const latest = useRef(0);

  // Every window at once: switching windows is instant and the bars compare them side by side.
  const load = async (id: number | undefined) => {
    const ticket = ++latest.current;
    if (!id) return setAnswer({ state: 'idle' });
    setAnswer({ state: 'loading' });
    const answers = await Promise.all(WINDOWS.map((d) => flowConversion(id, d).catch(() => ({ data: undefined, response: undefined }))));
    if (ticket !== latest.current) return;
    if (answers.some((a) => a.response?.status === 404)) return setAnswer({ state: 'missing' });
    const all = answers.map((a) => a.data);
    setAnswer(all.every(Boolean) ? { state: 'ready', all: all as FlowConversion[] } : { state: 'failed' });
  };
  const remember = (id: number | undefined, d: Window) => {
    const q = new URLSearchParams();
    if (id) q.set('flowId', String(id));
    if (d !== 7) q.set('days', String(d));
    history.replaceState(history.state, '', `${location.pathname}${q.size ? `?${q}` : ''}`);
  };
  useEffect(() => {
    // Read after hydration: the server-rendered markup has no query, so the first client render must match it.
    const q = new URLSearchParams(location.search);
    const id = Number(q.get('flowId')) || undefined;
    setFlowId(id);
    setDays(windowFrom(location.search));
    if (id) void load(id);
    else setAnswer({ state: 'loading' });
    const options = flowOptions().then((list) => (setFlows(list ?? []), list ?? []));
    // No flow asked for: open on the one that sent last (else the latest edited), so the screen shows a figure at once.
    if (!id) void Promise.all([options, latestSentFlowId()]).then(([list, sent]) => choose(sent ?? list[0]?.id));
  }, []);

  /** The preselected flow, unless the owner picked one meanwhile; kept in the URL like a pick. */
  const choose = (id: number | undefined) => {
    if (latest.current > 0) return;
    if (!id) return setAnswer({ state: 'idle' });
    setFlowId(id);
    remember(id, windowFrom(location.search));
    void load(id);
  };

  const pick = (id: number | undefined) => {
    setFlowId(id);
    remember(id, days);
    void load(id);
  };
  const pickDays = (d: Window) => {
    setDays(d);
    remember(flowId, d);
  };

  const current = answer.state === 'ready' ? answer.all.find((c) => c.days === days) : undefined;
  const flowList = flowId && flows && !flows.some((f) => f.id === flowId) ? [...flows, { id: flowId, title: `#${flowId}` }] : (flows ?? []);
  const percent = (share: number) => new Intl.NumberFormat(props.locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);

  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{t('conversion.intro')}</p>
      <div className="flex flex-wrap gap-4 items-end mb-4">
        <label className="flex flex-col gap-1 text-sm font-medium min-w-64">
          {t('conversion.flow')}
          <Select
            value={flowId ?? ''}
            onChange={(e) => pick(Number(e.target.value) || undefined)}
            placeholder={t('conversion.chooseFlow')}
            options={flowList.map((f) => ({ value: f.id, label: f.title }))}
            empty={flows && t('conversion.noFlows')}
          />
        </label>
        <fieldset className="border-0 p-0 m-0">
          <legend className="text-sm font-medium mb-1">{t('conversion.window')}</legend>
          <div className="flex gap-1">
            {WINDOWS.map((d) => (
              <label key={d} className={`px-3 py-1.5 rounded text-sm border cursor-pointer focus-within:outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-dark ${d === days ? 'bg-brand text-white border-brand' : 'bg-white border-gray-300'}`}>
                <input type="radio" name="conversion-days" className="sr-only" value={d} checked={d === days} onChange={() => pickDays(d)} />
                {formatDays(props.locale, d)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      {answer.state === 'idle' && flows?.length ? <p className="text-sm text-ink-muted" role="status">{t('conversion.pickFlow')}</p> : null}
      {answer.state === 'loading' && <p className="text-sm text-ink-muted" role="status">{t('ui.loading')}</p>}
      {answer.state === 'failed' && <p className="text-sm text-red-700" role="alert">{t('ui.failed')}</p>}
      {answer.state === 'missing' && <p className="text-sm text-red-700" role="alert">{t('conversion.missing')}</p>}

      {current && answer.state === 'ready' && (
        <section aria-labelledby="conversion-result" className="border border-gray-200 rounded p-4 bg-white">
          <h2 id="conversion-result" className="text-base font-semibold m-0 mb-3">{t('conversion.result', { period: formatDays(props.locale, days) })}</h2>
          <dl className="grid grid-cols-3 gap-3 m-0 mb-3">
            <div>
              <dt className="text-sm text-ink-muted">{t('conversion.messaged')}</dt>
              <dd className="m-0 text-2xl font-semibold" data-testid="messaged">{current.messaged}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">{t('conversion.converted')}</dt>
              <dd className="m-0 text-2xl font-semibold" data-testid="converted">{current.converted}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">{t('conversion.share')}</dt>
              <dd className="m-0 text-2xl font-semibold" data-testid="share">{percent(current.share)}</dd>
            </div>
          </dl>
          {current.messaged === 0 && <p className="text-sm text-ink-muted m-0 mb-3">{t('conversion.nobody')}</p>}
          <ConversionBars t={t} locale={props.locale} all={answer.all} days={days} percent={percent} />
        </section>
      )}

      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium">{t('conversion.howTitle')}</summary>
        <p className="mt-2 mb-0 text-ink-muted max-w-prose">{t('conversion.how')}</p>
      </details>
    </div>
  );
}
