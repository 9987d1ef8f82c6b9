import type { RefObject } from 'react';
import type { components } from '../../../api/schema.d.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { T } from '../../../i18n/translate.ts';
import { flowMessages } from '../../../shared/flows/messages.ts';
import type { FlowKind } from '../../../shared/flows/kinds.ts';
import type { StartOption } from '../../../shared/flows/quickstart.ts';
import type { QuickstartFlows } from './QuickstartWizard.tsx';
import { api } from '../../account/islands/api.ts';
import { FormMessage } from '../../../ui/index.ts';

/** What happened to one flow: created and then started, planned, left paused, or created but not started. */
export interface FlowOutcome {
  kind: FlowKind;
  id?: number;
  title: string;
  state: 'started' | 'planned' | 'paused' | 'notStarted' | 'failed';
  nextStart?: number | null;
  /** The server's (English) message when creating or starting failed. */
  message?: string;
}

export interface Outcome {
  flows: FlowOutcome[];
  /** Only for "contact a manager": whether the set-up request went through. */
  setUp?: 'sent' | 'failed';
}

type FlowPatch = components['schemas']['FlowPatch'];
type FlowInput = components['schemas']['FlowInput'];

const network = { data: undefined, error: undefined };

/**
 * Creates one test-mode flow per kind (paused, §4), then starts them now, lets them carry the planned start, or
 * leaves them paused for the specialist. One flow's failure (e.g. its kind is not in the tariff) never stops the others.
 */
export async function runQuickstart(input: { kinds: FlowKind[]; texts: QuickstartFlows; start: StartOption; nextStart: number | undefined }): Promise<Outcome> {
  const flows: FlowOutcome[] = [];
  for (const kind of input.kinds) {
    const { title, content, timing } = input.texts[kind];
    const body: FlowInput = { ...timing, type: kind, title, content, mode: 'test', nextStart: input.nextStart ?? null };
    const { data, error } = await api().POST('/Flows', { body }).catch(() => network);
    if (!data) {
      flows.push({ kind, title, state: 'failed', message: error?.message });
      continue;
    }
    const created = { kind, id: data.id, title: data.title, nextStart: data.nextStart };
    if (input.start !== 'now') {
      flows.push({ ...created, state: input.nextStart !== undefined ? 'planned' : 'paused', message: data.status === 'Unavailable' ? flowMessages.flowNotAvailable : undefined });
      continue;
    }
    const resumed = await api().POST('/Flows/{flowId}/Resume', { params: { path: { flowId: data.id } } }).catch(() => network);
    flows.push(resumed.data ? { ...created, state: 'started' } : { ...created, state: 'notStarted', message: resumed.error?.message });
  }
  if (input.start !== 'manager') return { flows };
  const { data } = await api().POST('/Account/RequestSetUp').catch(() => network);
  return { flows, setUp: data ? 'sent' : 'failed' };
}

const keyByText = new Map(Object.entries(flowMessages).map(([key, text]) => [text as string, key]));

export function QuickstartResult(props: { t: T; tf: T; outcome: Outcome; locale: Locale; links: { list: string; editPrefix: string }; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t, tf, outcome, locale, links, headingRef } = props;
  /** A §8 flow text in the page's language; other server texts as sent. */
  const flowText = (message: string | undefined) => {
    const key = message && keyByText.get(message);
    return key ? tf(`server.${key}`) : message || t('server.network');
  };
  const date = (at: number | null | undefined) => (at ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(at * 1000) : '');
  const created = outcome.flows.filter((f) => f.id !== undefined).length;
  const setUpNotice = outcome.setUp === 'sent' ? t('server.setUpRequested') : outcome.setUp === 'failed' ? t('server.setUpFailed') : undefined;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="quickstart-result">
      <h2 id="quickstart-result" ref={headingRef} tabIndex={-1} className="m-0 text-xl font-semibold">{t('quickstart.result.title')}</h2>
      {setUpNotice && <FormMessage kind={outcome.setUp === 'sent' ? 'success' : 'error'}>{setUpNotice}</FormMessage>}
      <p className="m-0">{t('quickstart.result.created', { count: created, total: outcome.flows.length })}</p>
      <ul className="flex flex-col gap-2 m-0 p-0 list-none" aria-label={t('quickstart.result.list')}>
        {outcome.flows.map((f) => (
          <li key={f.kind} data-flow-kind={f.kind} className="p-3 rounded-md border border-gray-200 bg-white flex flex-col gap-1">
            {f.id !== undefined ? <a href={`${links.editPrefix}${f.id}`} className="font-medium text-brand-dark underline">{f.title}</a> : <span className="font-medium">{f.title}</span>}
            <span className="text-sm">{t(`quickstart.result.${f.state}`, { date: date(f.nextStart) })}</span>
            {f.message && <span className={`text-sm ${f.state === 'failed' || f.state === 'notStarted' ? 'text-red-700' : 'text-ink-muted'}`}>{flowText(f.message)}</span>}
          </li>
        ))}
      </ul>
      <p className="m-0 text-sm text-ink-muted">{t('quickstart.result.testMode')}</p>
      <a href={links.list} className="self-start px-4 py-2 rounded-md bg-brand text-white no-underline hover:bg-brand-dark">{t('quickstart.result.toFlows')}</a>
    </section>
  );
}
