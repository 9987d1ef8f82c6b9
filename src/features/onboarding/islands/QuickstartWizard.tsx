import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createT, type Messages } from '../../../i18n/translate.ts';
import type { FlowKind } from '../../../shared/flows/kinds.ts';
import type { FlowText, TemplateTiming } from '../../../shared/flows/templates.ts';
import { checkNextStart, kindsForGoals, localDay, nextStartFor, QUICKSTART_GOALS, START_OPTIONS, type QuickstartGoal, type StartOption } from '../../../shared/flows/quickstart.ts';
import { notify } from '../../../scripts/notify.ts';
import { currentUser } from '../../account/store.ts';
import type { AccountProps } from '../../account/islands/props.ts';
import type { NamespaceMessages } from '../../../i18n/namespaces.ts';
import { QuickstartResult } from './QuickstartResult.tsx';
import { findEarlierFlows, runQuickstart, type EarlierFlows, type Outcome, type QuickstartFlows } from '../store.ts';
import { ConfirmStep, GoalsStep, MessagesStep, Progress, ReuseChoice, StartStep, STEPS } from './QuickstartSteps.tsx';
import { SubmitButton } from '../../../ui/field.tsx';

/** The quick start's texts plus the account ones it reuses (busy label, server answers). */
export type QuickstartMessages = NamespaceMessages['onboarding'] & Pick<NamespaceMessages['account'], 'working' | 'server'>;

export interface QuickstartProps extends Omit<AccountProps, 'messages'> {
  messages: QuickstartMessages;
  /** The booking system the variant names (quickstartYclients…, quickstartAltegio); none on the general one. */
  system?: string;
  /** The simple variant comes with the recommended goals already chosen. */
  simple?: boolean;
  /** Default title, text and timing of each flow kind the goals create, in the page's language. */
  texts: QuickstartFlows;
  /** The `flows` namespace's kind names and §8 flow texts. */
  flowMessages: Messages;
  flowLinks: { list: string; editPrefix: string; payments?: string };
}


interface Choice {
  goals: QuickstartGoal[];
  start: StartOption | null;
  plannedDay: string;
}

const RECOMMENDED: QuickstartGoal[] = ['noShows', 'feedback'];
const storageKey = () => `quickstart:${location.pathname}`;

/** The stored choice, if it is still well-formed (a reload keeps the owner's answers; a bad one starts afresh). */
function restore(fallback: Choice): Choice {
  try {
    const c = JSON.parse(sessionStorage.getItem(storageKey()) ?? 'null') as Choice | null;
    if (!c || !Array.isArray(c.goals) || !c.goals.every((g) => QUICKSTART_GOALS.includes(g))) return fallback;
    if (c.start !== null && !START_OPTIONS.includes(c.start)) return fallback;
    return { goals: c.goals, start: c.start, plannedDay: typeof c.plannedDay === 'string' ? c.plannedDay : '' };
  } catch {
    return fallback;
  }
}

export default function QuickstartWizard(props: QuickstartProps) {
  const { locale, messages, system, simple, texts, flowMessages } = props;
  const t = createT(locale, messages);
  const tf = createT(locale, flowMessages);
  const [choice, setChoice] = useState<Choice>({ goals: simple ? RECOMMENDED : [], start: null, plannedDay: '' });
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [phone, setPhone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // What an earlier run made of the chosen kinds, looked up on the last step; reused unless the owner says otherwise.
  const [earlier, setEarlier] = useState<EarlierFlows>({});
  const [reuse, setReuse] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const kinds = kindsForGoals(choice.goals);
  const now = new Date();

  /** Local rules of steps 1..n; the first failing step's errors, or none. */
  function check(upTo: number): { step: number; errors: Record<string, string> } | null {
    if (upTo >= 1 && !choice.goals.length) return { step: 1, errors: { goals: t('quickstart.errors.goalsRequired') } };
    if (upTo >= 3) {
      if (!choice.start) return { step: 3, errors: { start: t('quickstart.errors.startRequired') } };
      if (choice.start === 'planned') {
        const code = checkNextStart(nextStartFor('planned', new Date(), choice.plannedDay), Math.floor(Date.now() / 1000));
        if (code) return { step: 3, errors: { plannedDay: t(`quickstart.errors.${code}`) } };
      }
    }
    return null;
  }
  const reachable = (() => {
    const failed = check(STEPS.length - 1);
    return failed ? failed.step : STEPS.length;
  })();

  // The address names the step (?step=N): restore it and the stored answers, and follow back/forward.
  useEffect(() => {
    const fromUrl = () => {
      const restored = restore(choice);
      setChoice(restored);
      const wanted = Number(new URLSearchParams(location.search).get('step')) || 1;
      setStep(Math.min(Math.max(1, wanted), STEPS.length));
    };
    fromUrl();
    addEventListener('popstate', fromUrl);
    currentUser().then(({ data }) => setPhone(data?.phoneNumber ?? null), () => undefined);
    return () => removeEventListener('popstate', fromUrl);
  }, []);

  // A step reached by address whose earlier answers are missing falls back to the first unanswered one.
  useEffect(() => {
    if (step > reachable && !outcome) setStep(reachable);
  }, [step, reachable]);

  useEffect(() => {
    sessionStorage.setItem(storageKey(), JSON.stringify(choice));
  }, [choice]);

  const lastStep = step === STEPS.length;
  useEffect(() => {
    if (!lastStep) return;
    let current = true;
    void findEarlierFlows(kinds, texts).then((found) => current && setEarlier(found));
    return () => void (current = false);
  }, [lastStep, kinds.join()]);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step, outcome]);

  function go(n: number) {
    moved.current = true;
    setErrors({});
    setStep(n);
    history.pushState(null, '', `?step=${n}`);
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    const failed = check(step);
    if (failed) {
      setErrors(failed.errors);
      return;
    }
    if (step < STEPS.length) return go(step + 1);
    if (busy) return;
    setBusy(true);
    const result = await runQuickstart({ kinds, texts, start: choice.start!, nextStart: nextStartFor(choice.start!, new Date(), choice.plannedDay), reuse: reuse ? earlier : undefined });
    setBusy(false);
    moved.current = true;
    sessionStorage.removeItem(storageKey());
    // §8 set-up request texts: a toast as well as the message on the page.
    if (result.setUp) notify(result.setUp === 'sent' ? 'success' : 'error', t(result.setUp === 'sent' ? 'server.setUpRequested' : 'server.setUpFailed'));
    setOutcome(result);
  }

  const startText = (() => {
    if (!choice.start) return '';
    const at = nextStartFor(choice.start, now, choice.plannedDay);
    const date = at ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(at * 1000) : '';
    return t(`quickstart.startSummary.${choice.start}`, { date });
  })();

  if (outcome) return <QuickstartResult t={t} tf={tf} outcome={outcome} locale={locale} links={props.flowLinks} headingRef={heading} />;

  const name = STEPS[step - 1]!;
  return (
    <div className="flex flex-col gap-4">
      <p className="m-0 text-ink-muted">{system ? t('quickstart.introSystem', { system }) : t('quickstart.intro')}{simple ? ` ${t('quickstart.introSimple')}` : ''}</p>
      <Progress t={t} step={step} reachable={reachable} go={go} />
      <form noValidate onSubmit={next} className="flex flex-col gap-4" aria-labelledby="quickstart-step">
        <h2 id="quickstart-step" ref={heading} tabIndex={-1} className="m-0 text-xl font-semibold">{t('quickstart.stepTitle', { step, count: STEPS.length, name: t(`quickstart.steps.${name}`) })}</h2>
        {name === 'goals' && <GoalsStep t={t} goals={choice.goals} error={errors.goals} onChange={(goals) => (setChoice({ ...choice, goals }), setErrors({}))} />}
        {name === 'messages' && <MessagesStep t={t} kinds={kinds} texts={texts} phone={phone} kindName={(k) => tf(`kind.${k}`)} />}
        {name === 'start' && (
          <StartStep t={t} start={choice.start} plannedDay={choice.plannedDay} minDay={localDay(now, 1)} errors={errors}
            onStart={(start) => (setChoice({ ...choice, start }), setErrors({}))} onDay={(plannedDay) => (setChoice({ ...choice, plannedDay }), setErrors({}))} />
        )}
        {name === 'confirm' && <ConfirmStep t={t} goals={choice.goals} kinds={kinds} texts={texts} startText={startText} />}
        {name === 'confirm' && Object.keys(earlier).length > 0 && <ReuseChoice t={t} earlier={earlier} reuse={reuse} onChange={setReuse} />}
        <div className="flex gap-3">
          {step > 1 && (
            <button type="button" onClick={() => go(step - 1)} className="px-4 py-2 rounded-md border border-gray-400 bg-white cursor-pointer">{t('quickstart.back')}</button>
          )}
          <SubmitButton busy={busy} busyLabel={t('working')}>
            {step < STEPS.length ? t('quickstart.next') : choice.start === 'manager' ? t('quickstart.finishManager') : t('quickstart.finish')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
