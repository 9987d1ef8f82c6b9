import { useEffect, useMemo, useRef, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import { applyTextEdit, getFlow, previewTextEdit, searchFlows, type BulkResult, type Flow, type TextEditPreview } from '../store.ts';
import type { FlowsProps } from './props.ts';
import { explainProblem, type ProblemLike } from '../../../api/explain-problem.ts';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { Table } from '../../../ui/table.tsx';


/** Ids from `?ids=1,2,3` (the list screen's selection). */
function idsFromQuery(): number[] {
  if (typeof location === 'undefined') return [];
  const raw = new URLSearchParams(location.search).get('ids') ?? '';
  return [...new Set(raw.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0))].slice(0, 1000);
}

/** /flows/EditTextInFlows: pick flows, find/replace in their message text, preview per flow, then apply. */
export default function MassEdit(props: FlowsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Flow[]>([]);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [errors, setErrors] = useState<{ find?: string; flows?: string }>({});
  const [preview, setPreview] = useState<{ key: string; rows: TextEditPreview[] } | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);

  const localize = (problem: ProblemLike) => explainProblem(problem, t, { prefixes: ['server.'] });

  const runSearch = async (value: string) => {
    const ticket = ++latest.current;
    const out = await searchFlows(value);
    if (ticket === latest.current) setFound(out.data?.flows ?? []);
  };

  useEffect(() => {
    setReady(true);
    void runSearch('');
    // The selection handed over from the list: fetch the titles (ids that are not the user's are dropped).
    void Promise.all(idsFromQuery().map((id) => getFlow(id))).then((outs) =>
      setChosen(new Map(outs.flatMap((o) => (o.data ? [[o.data.id, o.data.title] as [number, string]] : [])))),
    );
  }, []);

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void runSearch(value), 300);
  };

  const toggle = (flow: Flow, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(flow.id, flow.title);
    else next.delete(flow.id);
    setChosen(next);
    setResult(null);
  };

  const key = `${[...chosen.keys()].join(',')}\u0000${find}\u0000${replace}`;
  const check = () => {
    const next = { find: find ? undefined : t('server.findRequired'), flows: chosen.size ? undefined : t('mass.noFlows') };
    setErrors(next);
    return !next.find && !next.flows;
  };

  const onPreview = async () => {
    if (!check()) return;
    setBusy(true);
    setResult(null);
    const out = await previewTextEdit([...chosen.keys()], find, replace);
    setBusy(false);
    if (out.data) setPreview({ key, rows: out.data.previews });
    else notify('error', out.problem ? localize(out.problem) : t('failed'));
  };

  const onApply = async () => {
    if (!check()) return;
    setBusy(true);
    const out = await applyTextEdit([...chosen.keys()], find, replace);
    setBusy(false);
    if (!out.data) return notify('error', out.problem ? localize(out.problem) : t('failed'));
    setResult(out.data);
    setPreview(null);
    notify(out.data.failed ? (out.data.succeeded ? 'warning' : 'error') : 'success', t('summary', { succeeded: out.data.succeeded, failed: out.data.failed }));
    void runSearch(search);
  };

  const previewFresh = preview?.key === key;
  const title = (id: number) => chosen.get(id) ?? found.find((f) => f.id === id)?.title ?? `#${id}`;

  return (
    <div className="grid gap-4">
      <section aria-labelledby="mass-pick" className="grid gap-2">
        <h2 id="mass-pick" className="text-lg font-semibold m-0">{t('mass.pick')}</h2>
        <label className="flex flex-col gap-1 text-sm font-medium max-w-md">
          {t('search')}
          <input type="search" className={inputClass} value={search} onChange={(e) => onSearch(e.target.value)} autoComplete="off" />
        </label>
        {/* A fixed height: the form below stays put when the flows come (or a search narrows them). */}
        <fieldset className="border border-gray-200 rounded p-2 m-0 min-w-0 h-72 overflow-y-auto" aria-describedby={errors.flows ? 'mass-flows-error' : undefined}>
          <legend className="text-sm font-medium px-1">{t('mass.found', { count: found.length })}</legend>
          {found.length === 0 && <p className="text-sm text-ink-muted m-0">{t('emptySearch')}</p>}
          {found.map((f) => (
            <label key={f.id} className="flex gap-2 items-start text-sm py-0.5">
              <input type="checkbox" checked={chosen.has(f.id)} onChange={(e) => toggle(f, e.target.checked)} />
              {/* The text's start on one line, cut with an ellipsis where the box ends (not mid-word at a fixed length). */}
              <span className="min-w-0 flex-1">
                {f.title} <span className="block text-ink-muted truncate">{f.content.slice(0, 200)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="text-sm m-0" aria-live="polite">{t('selected', { count: chosen.size })}</p>
        {errors.flows && <p id="mass-flows-error" className="text-sm text-red-700 m-0" role="alert">{errors.flows}</p>}
        {chosen.size > 0 && (
          <ul className="flex flex-wrap gap-2 list-none p-0 m-0" aria-label={t('mass.chosen')}>
            {[...chosen].map(([id, name]) => (
              <li key={id} className="text-sm bg-gray-100 rounded px-2 py-0.5">
                {name}{' '}
                <button type="button" className="bg-transparent border-0 cursor-pointer text-red-800 underline text-sm" aria-label={t('mass.remove', { title: name })} onClick={() => toggle({ id, title: name } as Flow, false)}>×</button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form className="grid gap-3 max-w-2xl" aria-labelledby="mass-edit" onSubmit={(e) => (e.preventDefault(), void onPreview())} noValidate>
        <h2 id="mass-edit" className="text-lg font-semibold m-0">{t('mass.replaceTitle')}</h2>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('mass.find')}
          <textarea
            className={inputClass}
            rows={2}
            value={find}
            maxLength={4096}
            onChange={(e) => (setFind(e.target.value), setErrors({ ...errors, find: undefined }))}
            aria-invalid={errors.find ? true : undefined}
            aria-describedby={errors.find ? 'mass-find-error' : undefined}
          />
        </label>
        {errors.find && <p id="mass-find-error" className="text-sm text-red-700 m-0" role="alert">{errors.find}</p>}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('mass.replace')}
          <textarea className={inputClass} rows={2} value={replace} maxLength={4096} onChange={(e) => setReplace(e.target.value)} />
        </label>
        <p className="text-sm text-ink-muted m-0">{t('mass.hint')}</p>
        <div className="flex gap-2">
          <button type="submit" className={secondaryButtonClass} disabled={!ready || busy}>{t('mass.preview')}</button>
          <button type="button" className={buttonClass} disabled={!ready || busy || !previewFresh} onClick={() => void onApply()}>{t('mass.apply')}</button>
        </div>
        {!previewFresh && preview && <p className="text-sm text-ink-muted m-0">{t('mass.stale')}</p>}
      </form>

      {previewFresh && (
        <section aria-labelledby="mass-preview">
          <h2 id="mass-preview" className="text-lg font-semibold m-0 mb-2">{t('mass.previewTitle')}</h2>
          <Table
            caption={t('mass.previewTitle')}
            list={{ items: preview.rows }}
            rowKey={(r) => r.id}
            columns={[
              { header: t('col.title'), cell: (r) => r.title ?? title(r.id) },
              { header: t('mass.matches'), cell: (r) => r.matches },
              { header: t('mass.before'), cell: (r) => r.before ?? '—', className: 'whitespace-pre-wrap' },
              { header: t('mass.after'), cell: (r) => r.after ?? '—', className: 'whitespace-pre-wrap' },
              { header: t('mass.outcome'), cell: (r) => <span className={r.ok ? 'text-green-800' : 'text-red-700'}>{r.ok ? t('mass.willChange') : localize(r)}</span> },
            ]}
          />
        </section>
      )}

      {result && (
        <section aria-labelledby="mass-result">
          <h2 id="mass-result" className="text-lg font-semibold m-0 mb-2">{t('summary', { succeeded: result.succeeded, failed: result.failed })}</h2>
          <ul className="list-none p-0 m-0 grid gap-1 text-sm">
            {result.results.map((r) => (
              <li key={r.id} className={r.ok ? 'text-green-800' : 'text-red-700'}>
                {title(r.id)}: {localize(r)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
