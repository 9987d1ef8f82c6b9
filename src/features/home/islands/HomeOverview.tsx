import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { createT, type T } from '../../../i18n/translate.ts';
import { $home, CHECKLIST_STEPS, loadHome, trialNotice, weekHasData, type HomeState } from '../../../stores/home.ts';
import { formatAmount, formatDate } from '../../../ui/format.ts';
import { secondaryButtonClass, textLinkClass } from '../../../ui/classes.ts';
import { HOME_COMPLETE_KEY, type HomeProps } from './props.ts';

/** A step's mark: a filled check when done, an empty ring otherwise (inline SVG: no emoji, no icon font). */
function Mark({ done }: { done: boolean | undefined }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className={`shrink-0 ${done ? 'text-green-700' : 'text-gray-400'}`}>
      <circle cx="12" cy="12" r="10" fill={done ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
      {done && <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />}
    </svg>
  );
}

function Tile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="p-3 rounded-md border border-gray-200 bg-white">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="m-0 text-2xl font-semibold">{value}</dd>
      {hint && <dd className="m-0 text-xs text-ink-muted">{hint}</dd>}
    </div>
  );
}

function Week({ t, home, firstStep, links }: { t: T; home: HomeState; firstStep?: { label: string; href: string }; links: HomeProps['links'] }) {
  const w = home.week;
  if (!weekHasData(home)) {
    return (
      <div className="p-4 rounded-md border border-gray-200 bg-white">
        <p className="m-0">{t('week.empty')}</p>
        {firstStep && (
          <a className={`inline-block mt-3 ${secondaryButtonClass} no-underline`} href={firstStep.href}>
            {t('week.emptyAction', { step: firstStep.label })}
          </a>
        )}
      </div>
    );
  }
  const percent = w.messaged ? Math.round((w.converted / w.messaged) * 100) : 0;
  return (
    <>
      <dl className="grid grid-cols-2 lg:grid-cols-3 gap-3 m-0">
        <Tile label={t('week.sent')} value={formatAmount(w.sent)} />
        <Tile label={t('week.delivered')} value={formatAmount(w.delivered)} />
        <Tile label={t('week.read')} value={formatAmount(w.read)} />
        <Tile label={t('week.replied')} value={formatAmount(w.replied)} />
        <Tile label={t('week.conversion')} value={`${percent}%`} hint={t('week.conversionHint', { converted: w.converted, messaged: w.messaged })} />
        <Tile label={t('week.running')} value={formatAmount(w.runningFlows)} />
      </dl>
      {links.length > 0 && (
        <p className="m-0 mt-3 flex flex-wrap gap-4 text-sm">
          {links.map((l) => <a key={l.href} className={textLinkClass} href={l.href}>{l.label}</a>)}
        </p>
      )}
    </>
  );
}

/** Remembers whether setup was complete ('1' or '0'), for the page's pre-paint script (Screen.astro): the next visit
 * lays out the right order before the data comes, so the fold does not move the page. undefined (not known yet)
 * keeps it. */
function rememberComplete(complete: boolean | undefined) {
  if (complete === undefined) return;
  try {
    localStorage.setItem(HOME_COMPLETE_KEY, complete ? '1' : '0');
  } catch {
    // storage blocked: only the first paint's order is affected
  }
  document.documentElement.toggleAttribute('data-home-complete', complete);
}

/**
 * Home (issue 16): the setup checklist, ticked from real state by one `GET /Home`, the trial banner, and the week at
 * a glance; once every step is done the week leads and the checklist folds into one "Setup complete" line. Rendered on the server in its loading state with the same boxes, so nothing moves when the data comes.
 */
export default function HomeOverview(props: HomeProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const load = useStore($home);
  useEffect(() => void loadHome(), []);
  const home = load.state === 'ready' ? load.home : undefined;
  const steps = CHECKLIST_STEPS.filter((s) => props.steps[s]);
  const done = home ? steps.filter((s) => home.checklist[s]).length : 0;
  const next = home ? steps.find((s) => !home.checklist[s]) : undefined;
  const trial = home ? trialNotice(home, Date.now()) : undefined;

  const complete = home !== undefined && done === steps.length;
  useEffect(() => rememberComplete(home ? complete : undefined), [home, complete]);
  // The layout is known once the answer (or its failure) is in: the pending box gives way (Screen.astro).
  useEffect(() => {
    if (load.state !== 'loading') document.documentElement.setAttribute('data-home-known', '');
  }, [load.state]);

  const progress = load.state === 'loading' ? t('checklist.loading') : load.state === 'failed' ? t('checklist.failed') : t('checklist.progress', { done, total: steps.length });
  const list = (
    <ol className="m-0 p-0 list-none flex flex-col gap-2" aria-busy={load.state === 'loading'}>
      {steps.map((step) => {
        const isDone = home?.checklist[step];
        return (
          <li key={step} data-step={step} data-done={home ? String(Boolean(isDone)) : undefined} className={`flex items-center gap-3 p-3 rounded-md border bg-white ${step === next ? 'border-brand' : 'border-gray-200'}`}>
            <Mark done={isDone} />
            <div className="flex-1 min-w-0">
              <p className={`m-0 font-medium ${isDone ? 'text-ink-muted line-through' : ''}`}>
                {t(`checklist.${step}`)}
                <span className="sr-only"> — {home ? t(isDone ? 'checklist.done' : 'checklist.todo') : ''}</span>
              </p>
              {step === 'paid' && trial ? (
                // The trial's end sits in the pay step's line: no banner appears above the list when data comes.
                <p className={`m-0 text-sm ${trial.state === 'ended' ? 'text-red-700' : 'text-ink-muted'}`} data-trial={trial.state}>
                  {t(`trial.${trial.state}`, { date: formatDate(props.locale, trial.endsAt) })}
                </p>
              ) : (
                <p className="m-0 text-sm text-ink-muted">{t(`checklist.${step}Hint`)}</p>
              )}
              {step === 'whatsApp' && home?.sending?.warning ? <p className="m-0 text-sm text-red-700" role="status" data-sending-warning>{t('sending.disconnected')}</p> : null}
            </div>
            {/* The action's box stays (empty) on a done step: the text wraps alike before and after the data. */}
            <span className="shrink-0 min-w-24 flex justify-end">
              {!isDone && (
                <a className={`${secondaryButtonClass} no-underline`} href={props.steps[step]} aria-label={`${step === 'paid' && trial ? t('trial.pay') : t('checklist.open')}: ${t(`checklist.${step}`)}`}>
                  {step === 'paid' && trial ? t('trial.pay') : t('checklist.open')}
                </a>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );

  return (
    <div className="flex flex-col gap-6" data-home-overview>
      {/* Shown only on a first visit (no remembered layout) while loading: one reserved box, replaced by the final
          layout, instead of a checklist that would fold away under the owner's eyes. */}
      <p className="m-0 min-h-[36rem] text-ink-muted" data-home-pending aria-busy="true">{t('checklist.loading')}</p>
      <section aria-labelledby="home-checklist" className="flex flex-col gap-3" data-home-checklist>
        {complete ? (
          // Every step done: the checklist folds into one line under the week; it still opens to show the steps.
          <details className="rounded-md border border-gray-200 bg-white" data-setup-complete>
            <summary className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 cursor-pointer">
              <Mark done />
              <h2 id="home-checklist" className="m-0 text-base font-semibold">{t('checklist.complete')}</h2>
              <span className="text-sm text-ink-muted">{progress}</span>
            </summary>
            <div className="px-3 pb-3">{list}</div>
          </details>
        ) : (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="home-checklist" className="m-0 text-lg font-semibold">{t('checklist.title')}</h2>
              <p className="m-0 w-full sm:w-auto text-sm text-ink-muted" aria-live="polite">
                {progress}
                {load.state === 'failed' && (
                  <button type="button" className={`ml-2 ${secondaryButtonClass}`} onClick={() => void loadHome()}>{t('checklist.retry')}</button>
                )}
              </p>
            </div>
            {list}
          </>
        )}
      </section>
      <section aria-labelledby="home-week" className={`flex flex-col gap-3 min-h-56 ${complete ? 'order-first' : ''}`} data-home-week>
        <h2 id="home-week" className="m-0 text-lg font-semibold">{t('week.title')}</h2>
        {home && <Week t={t} home={home} links={props.links} firstStep={next ? { label: t(`checklist.${next}`), href: props.steps[next]! } : undefined} />}
      </section>
    </div>
  );
}
