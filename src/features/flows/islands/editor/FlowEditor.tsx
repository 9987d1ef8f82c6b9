import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../../i18n/translate.ts';
import { notify } from '../../../../scripts/notify.ts';
import type { FlowFields } from '../../../../shared/flows/types.ts';
import { flowHasPhones, validateFlowWith, type FlowFieldError, type PhoneCheck } from '../../../../shared/flows/validate-core.ts';
import { loadChunk } from '../../../../shared/lazy.ts';
import { $session } from '../../../../stores/session.ts';
import type { EditorProps } from '../props.ts';
import { ruleText } from './fields.tsx';
import LazyStep, { prefetchSteps } from './LazyStep.tsx';
import MessageStep from './MessageStep.tsx';
import { byField, loadFlow, parseLocation, patchOf, saveFlow, STEPS, stepOf, stepPath, type EditorLocation, type Flow, type Step } from '../../store-editor.ts';

const primary = 'px-4 py-2 rounded text-sm font-medium bg-brand text-white hover:bg-brand-dark disabled:opacity-50 cursor-pointer border-0';

type Status = 'loading' | 'ready' | 'missing' | 'failed';

/**
 * `/flows/edit/{workflowId}/{step?}`: one flow, five steps addressable by URL (back/forward move between them).
 * Every §5 rule is checked as the user types (the shared rules the server runs too); Save sends one PATCH.
 * The phone rules carry libphonenumber's metadata, so they load once a phone number is in the flow or on Save.
 */
export default function FlowEditor(props: EditorProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const [loc, setLoc] = useState<EditorLocation>();
  const [status, setStatus] = useState<Status>('loading');
  const [flow, setFlow] = useState<Flow>();
  const [serverErrors, setServerErrors] = useState<FlowFieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const [summary, setSummary] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [isPhone, setIsPhone] = useState<PhoneCheck>();
  const phoneRules = useRef<Promise<PhoneCheck | undefined>>(undefined);

  /** The phone check, fetched once; undefined when it cannot load (Save then leaves the phones to the server). */
  const loadPhoneRules = useCallback(() => {
    phoneRules.current ??= loadChunk(() => import('../../../../shared/flows/validate.ts')).then(
      (rules) => (setIsPhone(() => rules.isPhone), rules.isPhone),
      (error: unknown) => {
        console.error('flow editor: phone rules', error);
        phoneRules.current = undefined;
        return undefined;
      },
    );
    return phoneRules.current;
  }, []);

  useEffect(() => {
    const read = () => {
      const next = parseLocation(window.location.pathname);
      if (next.corrected && next.flowId) history.replaceState(history.state, '', stepPath(next, next.step) + window.location.search);
      setLoc(next);
      return next;
    };
    const first = read();
    if (!first.flowId) setStatus('missing');
    else void loadFlow(first.flowId).then((r) => ('flow' in r ? (setFlow(r.flow), setStatus('ready'), prefetchSteps()) : setStatus('missing' in r ? 'missing' : 'failed')));
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);

  // The end-date rule counts calendar dates in the business time zone (the server's default until the user loads).
  const timeZone = useStore($session).user?.timeZone;
  const clientErrors = useMemo(
    () => (flow ? validateFlowWith(flow as unknown as FlowFields, Math.floor(Date.now() / 1000), isPhone, timeZone) : []),
    [flow, isPhone, timeZone],
  );
  const hasPhones = !!flow && flowHasPhones(flow);
  useEffect(() => {
    if (hasPhones) void loadPhoneRules();
  }, [hasPhones, loadPhoneRules]);
  const all = [...clientErrors, ...serverErrors.filter((s) => !clientErrors.some((c) => c.field === s.field))];
  const errors = byField(all);

  const change = useCallback((patch: Partial<Flow>) => {
    setFlow((f) => (f ? { ...f, ...patch } : f));
    setServerErrors([]); // the server judged the old values
  }, []);
  // The image is saved by its own calls: take only the image, keep unsaved edits.
  const replaceImage = useCallback((server: Flow) => setFlow((f) => (f ? { ...f, image: server.image, edited: server.edited } : f)), []);

  const go = (step: Step) => (e: MouseEvent) => {
    e.preventDefault();
    if (!loc || step === loc.step) return;
    history.pushState(history.state, '', stepPath(loc, step));
    setLoc({ ...loc, step, corrected: false });
  };

  const save = async () => {
    if (!flow || !loc?.flowId) return;
    setSaving(true);
    const phoneCheck = await loadPhoneRules();
    if (validateFlowWith(flow as unknown as FlowFields, Math.floor(Date.now() / 1000), phoneCheck, timeZone).length) {
      setSaving(false);
      setSummary(true);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const result = await saveFlow(loc.flowId, patchOf(flow));
    setSaving(false);
    if ('flow' in result) {
      setFlow(result.flow);
      setSummary(false);
      notify('success', t('saved'));
    } else if ('errors' in result) {
      setServerErrors(result.errors);
      setSummary(true);
      requestAnimationFrame(() => summaryRef.current?.focus());
    } else notify('error', t('saveFailed'));
  };

  if (status === 'loading' || !loc) return <p role="status" className="text-sm text-ink-muted">{t('loading')}</p>;
  const back = <a href={`${loc.base}/flows`} className="text-sm text-blue-800 underline">{t('backToList')}</a>;
  if (status !== 'ready' || !flow) {
    return (
      <div role="alert" className="grid gap-2">
        <p className="text-sm m-0">{t(status === 'missing' ? 'notFound' : 'loadFailed')}</p>
        {back}
      </div>
    );
  }

  const stepProps = { t, locale: props.locale, flow, errors, change };
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {back}
        <span className="text-sm text-ink-muted">{t('modeNow', { mode: t(`modeName.${flow.mode}`) })}</span>
      </div>
      <nav aria-label={t('steps')}>
        <ol className="flex flex-wrap gap-1 m-0 p-0 list-none border-b border-gray-200">
          {STEPS.map((step, i) => {
            const bad = all.some((e) => stepOf(e.field) === step);
            const current = step === loc.step;
            return (
              <li key={step}>
                <a
                  href={stepPath(loc, step)}
                  aria-current={current ? 'step' : undefined}
                  onClick={go(step)}
                  className={`inline-block px-3 py-2 text-sm no-underline border-b-2 ${current ? 'border-brand font-semibold text-ink' : 'border-transparent text-ink-muted hover:text-ink'}`}
                >
                  {i + 1}. {t(`step.${step}`)}
                  {bad && <span className="text-red-700"> — {t('stepHasErrors')}</span>}
                </a>
              </li>
            );
          })}
        </ol>
      </nav>

      {summary && all.length > 0 && (
        <div ref={summaryRef} tabIndex={-1} role="alert" className="border border-red-200 bg-red-50 rounded p-3">
          <h2 className="text-base font-semibold m-0 mb-1">{t('fixErrors')}</h2>
          <ul className="m-0 pl-5 text-sm">
            {all.map((e) => (
              <li key={e.field}>
                <a href={stepPath(loc, stepOf(e.field))} onClick={go(stepOf(e.field))} className="text-red-800 underline">
                  {t(`step.${stepOf(e.field)}`)}: {ruleText(t, e)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <section aria-labelledby="step-title">
        <h2 id="step-title" className="text-lg font-semibold m-0 mb-3">{t(`step.${loc.step}`)}</h2>
        {loc.step === 'message' ? <MessageStep {...stepProps} replace={replaceImage} /> : <LazyStep key={loc.step} step={loc.step} {...stepProps} />}
      </section>

      <div className="flex items-center gap-3">
        <button type="button" className={primary} disabled={saving} onClick={() => void save()}>{saving ? t('saving') : t('save')}</button>
        {saving && <span role="status" className="text-sm text-ink-muted">{t('saving')}</span>}
      </div>
    </div>
  );
}
