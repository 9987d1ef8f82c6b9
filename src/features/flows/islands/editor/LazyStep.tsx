import { useEffect, useState, type ComponentType } from 'react';
import type { Locale } from '../../../../i18n/locales.ts';
import type { T } from '../../../../i18n/translate.ts';
import { loadChunk } from '../../../../shared/lazy.ts';
import type { Errors, Flow, Step } from '../../store-editor.ts';

export interface StepProps {
  t: T;
  locale: Locale;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

// The first step ships with the editor; the others are separate chunks (the page's initial JS budget) that the
// editor fetches in the background once the flow has loaded, so moving between steps rarely waits.
type LaterStep = Exclude<Step, 'message'>;
const importers: Record<LaterStep, () => Promise<{ default: ComponentType<StepProps> }>> = {
  buttons: () => import('./ButtonsStep.tsx'),
  timing: () => import('./TimingStep.tsx'),
  filters: () => import('./FiltersStep.tsx'),
  mode: () => import('./ModeStep.tsx'),
};
const loaded: Partial<Record<LaterStep, ComponentType<StepProps>>> = {};
const pending: Partial<Record<LaterStep, Promise<ComponentType<StepProps>>>> = {};

function loadStep(step: LaterStep): Promise<ComponentType<StepProps>> {
  pending[step] ??= loadChunk(importers[step]).then(
    (module) => (loaded[step] = module.default),
    (error: unknown) => {
      delete pending[step]; // the next visit tries again
      throw error;
    },
  );
  return pending[step];
}

export function prefetchSteps(): void {
  for (const step of Object.keys(importers) as LaterStep[]) loadStep(step).catch(() => undefined);
}

/** A step other than the first: rendered at once when its chunk is in, else a status line until it arrives. */
export default function LazyStep({ step, ...props }: StepProps & { step: LaterStep }) {
  const [, setReady] = useState(0);
  const [failed, setFailed] = useState(false);
  const Component = loaded[step];
  useEffect(() => {
    if (Component) return;
    let live = true;
    setFailed(false);
    loadStep(step).then(
      () => live && setReady((n) => n + 1),
      (error: unknown) => (console.error('flow editor: step chunk', error), live && setFailed(true)),
    );
    return () => {
      live = false;
    };
  }, [step, Component]);
  if (Component) return <Component {...props} />;
  return failed ? <p role="alert" className="text-sm m-0">{props.t('loadFailed')}</p> : <p role="status" className="text-sm text-ink-muted">{props.t('loading')}</p>;
}
