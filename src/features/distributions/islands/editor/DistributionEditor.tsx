import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../../i18n/translate.ts';
import { notify } from '../../../../scripts/notify.ts';
import { explainProblem } from '../../../../api/explain-problem.ts';
import type { FlowFields } from '../../../../shared/flows/types.ts';
import { flowHasPhones, validateFlowWith, type FlowFieldError, type PhoneCheck } from '../../../../shared/flows/validate-core.ts';
import { DEFAULT_TIME_ZONE } from '../../../../shared/time-zones.ts';
import { loadChunk } from '../../../../shared/lazy.ts';
import { $session } from '../../../../stores/session.ts';
import { buttonClass, textLinkClass } from '../../../../ui/classes.ts';
import { byField, loadFlow, patchOf, saveFlow, type Flow } from '../../../flows/store-editor.ts';
import { ruleText } from '../../../flows/islands/editor/fields.tsx';
import MessageStep from '../../../flows/islands/editor/MessageStep.tsx';
import type { DistributionEditorProps } from '../props.ts';
import { changedPatch, loadDistribution, parseLocation, saveDistribution, STEPS, stepOf, stepPath, validateOwn, type Distribution, type EditorLocation, type Problem, type Step } from '../../store-editor.ts';
import LazyStep, { prefetchSteps, type StepProps } from './LazyStep.tsx';
import { partsT } from './texts.ts';

type Status = 'loading' | 'ready' | 'missing' | 'failed';
const RUNNING = ['InQueue', 'Waiting', 'Working'];
/** The flow editor loads its buttons step as a chunk; importing it statically here would pull it into theirs. */
const ButtonsStep = lazy(() => import('../../../flows/islands/editor/ButtonsStep.tsx'));
/** How often the status is read while the distribution or its test runs (the progress itself is Results'). */
const POLL_MS = 2000;

/** The server's distribution problem as field errors: a code without a field goes to the field it is about. */
function fieldErrorsOf(problem: Problem): FlowFieldError[] {
  if (problem.errors?.length) return problem.errors;
  if (problem.code === 'dailyCapTooHigh') return [{ field: 'dailyCap', code: problem.code, message: '', params: problem.params } as unknown as FlowFieldError];
  return [];
}

/**
 * `/distributions/edit/{id}/{step?}`: a distribution's message, sending, recipients, schedule and start, steps
 * addressable by URL. The message and sending parts are the flow editor's, on the distribution's own flow (same id);
 * one Save sends the flow PATCH and the distribution PATCH (only what changed: audience edits are refused while it
 * runs). docs/distributions.md "Screens: the editor".
 */
export default function DistributionEditor(props: DistributionEditorProps) {
  const own = props.messages.editor;
  const te = useMemo(() => createT(props.locale, own), [props.locale, own]);
  const tp = useMemo(() => partsT(props.locale, props.flowEditorMessages, own), [props.locale, props.flowEditorMessages, own]);
  const [loc, setLoc] = useState<EditorLocation>();
  const [status, setStatus] = useState<Status>('loading');
  const [flow, setFlow] = useState<Flow>();
  const [flowDirty, setFlowDirty] = useState(false);
  const [dist, setDist] = useState<Distribution>();
  const [savedDist, setSavedDist] = useState<Distribution>();
  const [serverErrors, setServerErrors] = useState<FlowFieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const [summary, setSummary] = useState(false);
  const [revision, setRevision] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [isPhone, setIsPhone] = useState<PhoneCheck>();
  const phoneRules = useRef<Promise<PhoneCheck | undefined>>(undefined);
  const session = useStore($session);
  const timeZone = session.user?.timeZone ?? DEFAULT_TIME_ZONE;

  const loadPhoneRules = useCallback(() => {
    phoneRules.current ??= loadChunk(() => import('../../../../shared/flows/validate.ts')).then(
      (rules) => (setIsPhone(() => rules.isPhone), rules.isPhone),
      (error: unknown) => {
        console.error('distribution editor: phone rules', error);
        phoneRules.current = undefined;
        return undefined;
      },
    );
    return phoneRules.current;
  }, []);

  useEffect(() => {
    const read = () => {
      const next = parseLocation(window.location.pathname);
      if (next.corrected && next.id) history.replaceState(history.state, '', stepPath(next, next.step) + window.location.search);
      setLoc(next);
      return next;
    };
    const first = read();
    if (!first.id) setStatus('missing');
    else
      void Promise.all([loadDistribution(first.id), loadFlow(first.id)]).then(([d, f]) => {
        if ('ok' in d && 'flow' in f) {
          setDist(d.ok);
          setSavedDist(d.ok);
          setFlow(f.flow);
          setStatus('ready');
          prefetchSteps();
        } else setStatus(('problem' in d && d.problem.status === 404) || 'missing' in f ? 'missing' : 'failed');
      });
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);

  // The last saved copy for callbacks made once (replaceDist), kept in step with the state.
  const savedRef = useRef<Distribution>(undefined);
  savedRef.current = savedDist;
  const replaceDist = useCallback((next: Distribution) => {
    // The server's copy wins for what it owns alone; unsaved audience and schedule edits stay.
    const old = savedRef.current;
    setDist((d) => (d && old ? ({ ...next, ...changedPatch(old, d) } as Distribution) : next));
    setSavedDist(next);
    setRevision((n) => n + 1);
  }, []);

  // Status, counts and the test run, read again while something runs or the start step shows; edits in progress stay.
  const running = !!dist && RUNNING.includes(dist.status);
  const testing = !!dist?.testRun && !dist.testRun.done;
  const id = loc?.id;
  // On the start step too: Results pauses, resumes and cancels it there, and the status line follows.
  const onStart = loc?.step === 'start';
  useEffect(() => {
    if (!id || (!running && !testing && !onStart)) return;
    const timer = setInterval(() => {
      void loadDistribution(id).then((r) => {
        if (!('ok' in r)) return;
        const { status, statusReason, counts, testRun, lastStart, table, finishEstimate } = r.ok;
        const live = { status, statusReason, counts, testRun, lastStart, table, finishEstimate };
        setDist((d) => (d ? { ...d, ...live } : d));
        setSavedDist((d) => (d ? { ...d, ...live } : d));
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [id, running, testing, onStart]);

  const clientErrors = useMemo(
    () => [...(flow ? validateFlowWith(flow as unknown as FlowFields, Math.floor(Date.now() / 1000), isPhone, timeZone) : []), ...(dist ? validateOwn(dist) : [])],
    [flow, dist, isPhone, timeZone],
  );
  const hasPhones = !!flow && flowHasPhones(flow);
  useEffect(() => {
    if (hasPhones) void loadPhoneRules();
  }, [hasPhones, loadPhoneRules]);
  const all = [...clientErrors, ...serverErrors.filter((s) => !clientErrors.some((c) => c.field === s.field))];
  const errors = byField(all);

  const change = useCallback((patch: Partial<Flow>) => {
    setFlow((f) => (f ? { ...f, ...patch } : f));
    setFlowDirty(true);
    setServerErrors([]);
  }, []);
  const changeDist = useCallback((patch: Partial<Distribution>) => {
    setDist((d) => (d ? { ...d, ...patch } : d));
    setServerErrors([]);
  }, []);
  const replaceImage = useCallback((server: Flow) => setFlow((f) => (f ? { ...f, image: server.image, edited: server.edited } : f)), []);

  const go = (step: Step) => (e: MouseEvent) => {
    e.preventDefault();
    if (!loc || step === loc.step) return;
    history.pushState(history.state, '', stepPath(loc, step));
    setLoc({ ...loc, step, corrected: false });
  };

  const showSummary = () => {
    setSummary(true);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const save = async (): Promise<boolean> => {
    if (!flow || !dist || !savedDist || !loc?.id) return false;
    setSaving(true);
    const phoneCheck = await loadPhoneRules();
    if (validateFlowWith(flow as unknown as FlowFields, Math.floor(Date.now() / 1000), phoneCheck, timeZone).length || validateOwn(dist).length) {
      setSaving(false);
      showSummary();
      return false;
    }
    const fieldErrors: FlowFieldError[] = [];
    let failed: Problem | undefined;
    if (flowDirty) {
      const result = await saveFlow(loc.id, patchOf(flow));
      if ('flow' in result) (setFlow(result.flow), setFlowDirty(false));
      else if ('errors' in result) fieldErrors.push(...result.errors);
      else failed = {};
    }
    const patch = changedPatch(savedDist, dist);
    if (Object.keys(patch).length) {
      const result = await saveDistribution(loc.id, patch);
      if ('ok' in result) (setDist(result.ok), setSavedDist(result.ok));
      else if (fieldErrorsOf(result.problem).length) fieldErrors.push(...fieldErrorsOf(result.problem));
      else failed = result.problem;
    }
    setSaving(false);
    setRevision((n) => n + 1);
    if (fieldErrors.length) {
      setServerErrors(fieldErrors);
      showSummary();
      return false;
    }
    if (failed) {
      notify('error', failed.code ? explainProblem(failed, tp, { prefixes: ['rule.'] }) : te('saveFailed'));
      return false;
    }
    setSummary(false);
    notify('success', te('saved'));
    return true;
  };

  if (status === 'loading' || !loc) return <p role="status" className="text-sm text-ink-muted">{te('loading')}</p>;
  const back = <a href={`${props.base}/distributions`} className="text-sm text-blue-800 underline">{te('backToList')}</a>;
  if (status !== 'ready' || !flow || !dist || !savedDist) {
    return (
      <div role="alert" className="grid gap-2">
        <p className="text-sm m-0">{te(status === 'missing' ? 'notFound' : 'loadFailed')}</p>
        {back}
      </div>
    );
  }

  const testUser = !!session.user?.isTestUser;
  const unavailable = dist.status === 'Unavailable';
  const dirty = flowDirty || Object.keys(changedPatch(savedDist, dist)).length > 0;
  const stepProps: StepProps = {
    te, tp, locale: props.locale, page: props, flow, dist, errors, change, changeDist, replaceDist, dirty, save, revision, timeZone,
    blocked: testUser || unavailable, running,
  };
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {back}
        <p className="text-sm text-ink-muted m-0" role="status" data-testid="distribution-status">
          {te('statusNow', { status: te.dynamic(`status.${dist.status}`) })} · {te('modeNow', { mode: tp(`modeName.${flow.mode}`) })}
        </p>
      </div>
      {(testUser || unavailable) && (
        <div role="alert" className="border border-amber-300 bg-amber-50 rounded p-3 text-sm grid gap-1">
          <p className="m-0">{te(testUser ? 'testUser' : 'notAvailable')}</p>
          {props.paymentsHref && <a href={props.paymentsHref} className={textLinkClass}>{te('toPayments')}</a>}
        </div>
      )}
      {running && <p className="text-sm m-0 border border-blue-200 bg-blue-50 rounded p-3">{te('running')}</p>}
      <nav aria-label={te('steps')}>
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
                  {i + 1}. {te(`step.${step}`)}
                  {bad && <span className="text-red-700"> — {te('stepHasErrors')}</span>}
                </a>
              </li>
            );
          })}
        </ol>
      </nav>

      {summary && all.length > 0 && (
        <div ref={summaryRef} tabIndex={-1} role="alert" className="border border-red-200 bg-red-50 rounded p-3">
          <h2 className="text-base font-semibold m-0 mb-1">{te('fixErrors')}</h2>
          <ul className="m-0 pl-5 text-sm">
            {all.map((e) => (
              <li key={e.field}>
                <a href={stepPath(loc, stepOf(e.field))} onClick={go(stepOf(e.field))} className="text-red-800 underline">
                  {te(`step.${stepOf(e.field)}`)}: {ruleText(tp, e)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <section aria-labelledby="step-title">
        <h2 id="step-title" className="text-lg font-semibold m-0 mb-3">{te(`step.${loc.step}`)}</h2>
        {loc.step === 'message' ? (
          <div className="grid gap-6">
            <MessageStep t={tp} flow={flow} errors={errors} change={change} replace={replaceImage} />
            <section aria-labelledby="buttons-title" className="grid gap-2">
              <h3 id="buttons-title" className="text-base font-semibold m-0">{tp('step.buttons')}</h3>
              <Suspense fallback={<p role="status" className="text-sm text-ink-muted m-0">{te('loading')}</p>}>
                <ButtonsStep t={tp} flow={flow} errors={errors} change={change} />
              </Suspense>
            </section>
          </div>
        ) : (
          <LazyStep key={loc.step} step={loc.step} {...stepProps} />
        )}
      </section>

      <div className="flex items-center gap-3">
        <button type="button" className={buttonClass} disabled={saving} onClick={() => void save()}>{saving ? te('saving') : te('save')}</button>
        {saving && <span role="status" className="text-sm text-ink-muted">{te('saving')}</span>}
      </div>
    </div>
  );
}
