import { useEffect, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { $home, loadHome, trialNotice } from '../../../stores/home.ts';
import { explainProblem, type ProblemLike } from '../../../api/explain-problem.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { T } from '../../../i18n/translate.ts';
import { FormMessage } from '../../../ui/field.tsx';
import type { Outcome } from '../store.ts';
export function QuickstartResult(props: { t: T; tf: T; outcome: Outcome; locale: Locale; links: { list: string; editPrefix: string; payments?: string }; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t, tf, outcome, locale, links, headingRef } = props;
  /** A flow's problem in the page's language, chosen by its code. */
  const flowText = (problem: ProblemLike | undefined) => {
    return problem ? explainProblem(problem, tf, { prefixes: ['server.'] }) : t('server.network');
  };
  const date = (at: number | null | undefined) => (at ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(at * 1000) : '');
  const created = outcome.flows.filter((f) => f.id !== undefined && !f.reused).length;
  const reused = outcome.flows.filter((f) => f.reused).length;
  // §9: when the trial that runs these flows ends, and where to pay (issue 16 point 2).
  const home = useStore($home);
  useEffect(() => void loadHome(), []);
  const trial = home.state === 'ready' ? trialNotice(home.home, Date.now()) : undefined;
  const setUpNotice = outcome.setUp === 'sent' ? t('server.setUpRequested') : outcome.setUp === 'failed' ? t('server.setUpFailed') : undefined;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="quickstart-result">
      <h2 id="quickstart-result" ref={headingRef} tabIndex={-1} className="m-0 text-xl font-semibold">{t('quickstart.result.title')}</h2>
      {setUpNotice && <FormMessage kind={outcome.setUp === 'sent' ? 'success' : 'error'}>{setUpNotice}</FormMessage>}
      <p className="m-0">{t('quickstart.result.created', { count: created, total: outcome.flows.length })}{reused > 0 && ` ${t('reuse.count', { count: reused })}`}</p>
      <ul className="flex flex-col gap-2 m-0 p-0 list-none" aria-label={t('quickstart.result.list')}>
        {outcome.flows.map((f) => (
          <li key={f.kind} data-flow-kind={f.kind} className="p-3 rounded-md border border-gray-200 bg-white flex flex-col gap-1">
            {f.id !== undefined ? <a href={`${links.editPrefix}${f.id}`} className="font-medium text-brand-dark underline">{f.title}</a> : <span className="font-medium">{f.title}</span>}
            {f.reused && <span className="text-sm text-ink-muted" data-reused>{t('reuse.tag')}</span>}
            <span className="text-sm">{t(`quickstart.result.${f.state}`, { date: date(f.nextStart) })}</span>
            {f.problem && <span className={`text-sm ${f.state === 'failed' || f.state === 'notStarted' ? 'text-red-700' : 'text-ink-muted'}`}>{flowText(f.problem)}</span>}
          </li>
        ))}
      </ul>
      <p className="m-0 text-sm text-ink-muted">{t('quickstart.result.testMode')}</p>
      {trial && (
        <p className="m-0 text-sm" data-trial={trial.state}>
          {t(`trial.${trial.state}`, { date: date(trial.endsAt) })}{' '}
          {links.payments && <a href={links.payments} className="text-brand-dark underline">{t('trial.pay')}</a>}
        </p>
      )}
      <a href={links.list} className="self-start px-4 py-2 rounded-md bg-brand text-white no-underline hover:bg-brand-dark">{t('quickstart.result.toFlows')}</a>
    </section>
  );
}
