import { useId, type ReactNode } from 'react';
import type { T } from '../../../i18n/translate.ts';
import type { FlowKind } from '../../../shared/flows/kinds.ts';
import type { FlowText } from '../../../shared/flows/templates.ts';
import type { EarlierFlows } from '../store.ts';
import { QUICKSTART_GOALS, START_OPTIONS, type QuickstartGoal, type StartOption } from '../../../shared/flows/quickstart.ts';

export const STEPS = ['goals', 'messages', 'start', 'confirm'] as const;

/** The step list: done steps are links (each step has its own address), the current one is marked. */
export function Progress({ t, step, reachable, go }: { t: T; step: number; reachable: number; go: (n: number) => void }) {
  return (
    <nav aria-label={t('quickstart.progress')}>
      <ol className="flex flex-wrap gap-2 m-0 p-0 list-none">
        {STEPS.map((name, i) => {
          const n = i + 1;
          const label = `${n}. ${t(`quickstart.steps.${name}`)}`;
          const current = n === step;
          const cls = `px-3 py-1 rounded-full border ${current ? 'bg-brand text-white border-brand' : n < step ? 'border-brand text-brand-dark' : 'border-gray-300 text-ink-muted'}`;
          return (
            <li key={name} aria-current={current ? 'step' : undefined} className={cls}>
              {!current && n <= reachable ? (
                <a href={`?step=${n}`} className="text-inherit underline" onClick={(e) => (e.preventDefault(), go(n))}>{label}</a>
              ) : label}
            </li>
          );
        })}
      </ol>
      <p className="m-0 mt-2 text-sm text-ink-muted" aria-hidden="true">{t('quickstart.stepOf', { step, count: STEPS.length })}</p>
    </nav>
  );
}

/** A group of choices with its legend and an error tied to the group. */
function Group({ legend, error, children }: { legend: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2 m-0 p-0 border-0" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="font-medium mb-2">{legend}</legend>
      {children}
      {error && <p id={`${id}-error`} className="m-0 text-sm text-red-700" data-field-error>{error}</p>}
    </fieldset>
  );
}

export function GoalsStep({ t, goals, error, onChange }: { t: T; goals: QuickstartGoal[]; error?: string; onChange: (goals: QuickstartGoal[]) => void }) {
  return (
    <Group legend={t('quickstart.goalsLegend')} error={error}>
      {QUICKSTART_GOALS.map((goal) => (
        <div key={goal} className="flex items-start gap-2 p-3 rounded-md border border-gray-200 bg-white">
          <input id={`goal-${goal}`} type="checkbox" className="mt-1" name="goal" value={goal} checked={goals.includes(goal)} aria-describedby={`goal-${goal}-hint`}
            onChange={(e) => onChange(e.target.checked ? [...goals, goal] : goals.filter((g) => g !== goal))} />
          <div className="flex flex-col">
            <label htmlFor={`goal-${goal}`} className="font-medium">{t(`quickstart.goals.${goal}`)}</label>
            <span id={`goal-${goal}-hint`} className="text-sm text-ink-muted">{t(`quickstart.goalHints.${goal}`)}</span>
          </div>
        </div>
      ))}
    </Group>
  );
}

export function MessagesStep({ t, kinds, texts, kindName, phone }: { t: T; kinds: FlowKind[]; texts: Record<FlowKind, FlowText>; kindName: (k: FlowKind) => string; phone: string | null }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="m-0">{phone ? t('quickstart.testModePhone', { phone }) : t('quickstart.testMode')}</p>
      <ul className="flex flex-col gap-3 m-0 p-0 list-none">
        {kinds.map((kind) => (
          <li key={kind} className="p-3 rounded-md border border-gray-200 bg-white">
            <h3 className="m-0 text-base font-semibold">{texts[kind].title}</h3>
            <p className="m-0 text-sm text-ink-muted">{kindName(kind)}</p>
            <p className="m-0 mt-2 whitespace-pre-wrap">{texts[kind].content}</p>
          </li>
        ))}
      </ul>
      <p className="m-0 text-sm text-ink-muted">{t('quickstart.editLater')}</p>
    </div>
  );
}

export function StartStep(props: { t: T; start: StartOption | null; plannedDay: string; minDay: string; errors: Record<string, string>; onStart: (s: StartOption) => void; onDay: (d: string) => void }) {
  const { t, start, plannedDay, minDay, errors, onStart, onDay } = props;
  const dayId = useId();
  return (
    <Group legend={t('quickstart.startLegend')} error={errors.start}>
      {START_OPTIONS.map((option) => (
        <div key={option} className="flex flex-col gap-2 p-3 rounded-md border border-gray-200 bg-white">
          <div className="flex items-start gap-2">
            <input id={`start-${option}`} type="radio" className="mt-1" name="start" value={option} checked={start === option} onChange={() => onStart(option)} aria-describedby={`start-${option}-hint`} />
            <div className="flex flex-col">
              <label htmlFor={`start-${option}`} className="font-medium">{t(`quickstart.start.${option}`)}</label>
              <span id={`start-${option}-hint`} className="text-sm text-ink-muted">{t(`quickstart.startHints.${option}`)}</span>
            </div>
          </div>
          {option === 'planned' && start === 'planned' && (
            <div className="flex flex-col gap-1 ml-6">
              <label htmlFor={dayId} className="font-medium">{t('quickstart.plannedDay')}</label>
              <input id={dayId} type="date" name="plannedDay" min={minDay} value={plannedDay} onChange={(e) => onDay(e.target.value)}
                aria-invalid={errors.plannedDay ? true : undefined} aria-describedby={errors.plannedDay ? `${dayId}-error` : undefined}
                className={`px-3 py-2 rounded-md border ${errors.plannedDay ? 'border-red-600' : 'border-gray-400'} max-w-xs`} />
              {errors.plannedDay && <p id={`${dayId}-error`} className="m-0 text-sm text-red-700" data-field-error>{errors.plannedDay}</p>}
            </div>
          )}
        </div>
      ))}
    </Group>
  );
}

export function ConfirmStep({ t, goals, kinds, texts, startText }: { t: T; goals: QuickstartGoal[]; kinds: FlowKind[]; texts: Record<FlowKind, FlowText>; startText: string }) {
  return (
    <dl className="grid gap-2 m-0">
      <dt className="font-medium">{t('quickstart.steps.goals')}</dt>
      <dd className="m-0">{goals.map((g) => t(`quickstart.goals.${g}`)).join(', ')}</dd>
      <dt className="font-medium">{t('quickstart.flowsToCreate', { count: kinds.length })}</dt>
      <dd className="m-0">{kinds.map((k) => texts[k].title).join(', ')}</dd>
      <dt className="font-medium">{t('quickstart.steps.start')}</dt>
      <dd className="m-0">{startText}</dd>
    </dl>
  );
}

/** A quick start run before made some of these flows: reuse them (the default) or create copies. */
export function ReuseChoice({ t, earlier, reuse, onChange }: { t: T; earlier: EarlierFlows; reuse: boolean; onChange: (reuse: boolean) => void }) {
  const titles = Object.values(earlier).map((f) => f!.title).join(', ');
  return (
    <fieldset className="m-0 p-3 border border-amber-300 bg-amber-50 rounded-md flex flex-col gap-2" data-reuse>
      <legend className="px-1 font-medium">{t('reuse.legend')}</legend>
      <p className="m-0 text-sm">{t('reuse.found', { titles })}</p>
      <label className="flex items-center gap-2"><input type="radio" name="reuse" checked={reuse} onChange={() => onChange(true)} />{t('reuse.use')}</label>
      <label className="flex items-center gap-2"><input type="radio" name="reuse" checked={!reuse} onChange={() => onChange(false)} />{t('reuse.new')}</label>
    </fieldset>
  );
}
