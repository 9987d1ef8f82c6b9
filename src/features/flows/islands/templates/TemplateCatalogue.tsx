import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../../../i18n/locales.ts';
import { createT, type T } from '../../../../i18n/translate.ts';
import { formatMinutes } from '../../../../shared/duration.ts';
import { isKindAvailable } from '../../../../shared/flows/tariffs.ts';
import { TEMPLATE_CATALOGUES, TEMPLATE_INTEGRATIONS, templateText, type TemplateIntegration, type TemplateType } from '../../../../shared/flows/templates.ts';
import { loadActiveTariffs } from '../../store.ts';
import { useStore } from '@nanostores/react';
import { $home, loadHome, trialNotice } from '../../../../stores/home.ts';
import { formatDate } from '../../../../ui/format.ts';
import { fillVariables, LINK_SAMPLES } from '../../../../shared/flows/variables.ts';
import { renderMarkup } from '../../../../shared/flows/markup.ts';
import { INTEGRATION_NAMES, type TemplatesProps } from './props.ts';

export function timingText(t: T, locale: Locale, type: TemplateType): string {
  const delay = formatMinutes(locale, type.timing.delayMinutes ?? 0);
  const when = type.kind === 'recordReminder' ? t('timing.before', { delay }) : type.timing.delayMinutes ? t('timing.after', { delay }) : t('timing.immediately');
  const hours = type.timing.sendingHours ?? { from: 9, to: 21 };
  return `${when}; ${t('timing.hours', { from: hours.from, to: hours.to })}`;
}

interface Props extends TemplatesProps {
  /** null = the overview of every integration (`/templates`). */
  integration: TemplateIntegration | null;
}

/** `/templates` and `/templates/{integration}`: template types of a system, with the owner's tariff availability (§6). */
export default function TemplateCatalogue(props: Props) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const tf = useMemo(() => createT(props.locale, props.flowsMessages), [props.locale, props.flowsMessages]);
  const [tariffs, setTariffs] = useState<Set<number> | null | undefined>(undefined);
  const base = props.base ?? '';
  useEffect(() => void loadActiveTariffs().then(setTariffs), []);
  // While the §9 trial is what makes a kind available, the badge says until when and links to payments (issue 16).
  const home = useStore($home);
  useEffect(() => void loadHome(), []);
  const trial = home.state === 'ready' ? trialNotice(home.home, Date.now()) : undefined;
  const inTrial = trial?.state === 'active' ? formatDate(props.locale, trial.endsAt) : undefined;
  const samples = useMemo(() => ({ ...props.samples, ...LINK_SAMPLES }), [props.samples]);

  if (!props.integration) {
    return (
      <ul className="grid gap-3 sm:grid-cols-2 list-none p-0 m-0">
        {TEMPLATE_INTEGRATIONS.map((id) => (
          <li key={id} className="border border-gray-200 rounded p-4">
            <h2 className="text-lg font-semibold m-0">
              <a className="text-brand-dark underline" href={`${base}/templates/${id}`}>{INTEGRATION_NAMES[id]}</a>
            </h2>
            <p className="text-sm m-0 mt-1">{t(`integration.${id}`)}</p>
            <p className="text-sm text-ink-muted m-0 mt-1">{t('count', { count: TEMPLATE_CATALOGUES[id].length })}</p>
          </li>
        ))}
      </ul>
    );
  }

  const integration = props.integration;
  return (
    <div>
      <p className="text-sm m-0 mb-1">{t(`integration.${integration}`)}</p>
      <p className="text-sm m-0 mb-4">
        <a className="text-brand-dark underline" href={`${base}/templates`}>{t('allSystems')}</a>
      </p>
      {tariffs === null && <p className="text-sm text-red-700" role="status">{t('tariffsFailed')}</p>}
      <ul className="grid gap-3 lg:grid-cols-2 list-none p-0 m-0" aria-label={t('listLabel', { system: INTEGRATION_NAMES[integration] })}>
        {TEMPLATE_CATALOGUES[integration].map((type) => {
          const text = templateText(type, props.locale);
          const available = tariffs ? isKindAvailable(type.kind, tariffs) : undefined;
          return (
            <li key={type.id} className="border border-gray-200 rounded p-4 flex flex-col gap-2">
              <h2 className="text-base font-semibold m-0">{text.title}</h2>
              <p className="text-xs text-ink-muted m-0">{tf(`kind.${type.kind}`)} · {timingText(t, props.locale, type)}</p>
              {/* As a client reads it: sample values instead of {variables}, markup applied (renderMarkup escapes the rest). */}
              <p className="text-sm m-0 whitespace-pre-wrap line-clamp-4 break-words" dangerouslySetInnerHTML={{ __html: renderMarkup(fillVariables(text.content, samples)) }} />
              <div className="flex items-center gap-3 mt-auto">
                <a className="px-3 py-1.5 rounded text-sm font-medium bg-brand text-white hover:bg-brand-dark no-underline" href={`${base}/templates/${integration}/add/${type.id}`} aria-label={t('addOf', { title: text.title })}>
                  {t('add')}
                </a>
                {available !== undefined && (
                  <span className={`text-xs rounded px-2 py-0.5 ${available ? 'bg-green-100 text-green-900' : 'bg-gray-200 text-gray-900'}`} data-trial={available && inTrial ? 'active' : undefined}>
                    {available && inTrial ? t('availableTrial', { date: inTrial }) : t(available ? 'available' : 'unavailable')}
                  </span>
                )}
                {available !== undefined && (inTrial || !available) && (
                  <a className="text-xs text-brand-dark underline" href={`${base}/payments`}>{t('choosePlan')}</a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
