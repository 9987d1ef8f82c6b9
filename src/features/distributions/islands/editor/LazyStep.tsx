import { useEffect, useState, type ComponentType } from 'react';
import type { Locale } from '../../../../i18n/locales.ts';
import type { T } from '../../../../i18n/translate.ts';
import { loadChunk } from '../../../../shared/lazy.ts';
import type { Errors, Flow } from '../../../flows/store-editor.ts';
import type { Distribution, Step } from '../../store-editor.ts';
import type { DistributionsProps } from '../props.ts';
import type { EditorT } from './texts.ts';

/** What every step gets: both texts, the flow (message, sending) and the distribution (audience, schedule). */
export interface StepProps {
  /** The editor's own texts. */
  te: EditorT;
  /** The flow editor's parts' texts (texts.ts partsT). */
  tp: T;
  locale: Locale;
  page: DistributionsProps;
  flow: Flow;
  dist: Distribution;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
  changeDist: (patch: Partial<Distribution>) => void;
  /** Takes the server's distribution after a call that changed it (an import, a start). */
  replaceDist: (dist: Distribution) => void;
  /** Unsaved changes exist (the preview counts the saved settings). */
  dirty: boolean;
  /** Saves what changed; false when it could not (the errors are then shown). */
  save: () => Promise<boolean>;
  /** Increases after each save or import: the preview counts again. */
  revision: number;
  timeZone: string;
  /** A test user or no tariff 13: the start is refused (§6). */
  blocked: boolean;
  running: boolean;
}

// The first step ships with the editor; the others are chunks fetched once the distribution has loaded (the page's
// initial JS budget), as the flow editor does.
type LaterStep = Exclude<Step, 'message'>;
const importers: Record<LaterStep, () => Promise<{ default: ComponentType<StepProps> }>> = {
  sending: () => import('./SendingStep.tsx'),
  recipients: () => import('./RecipientsStep.tsx'),
  schedule: () => import('./ScheduleStep.tsx'),
  start: () => import('./StartStep.tsx'),
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

/** A step other than the first: at once when its chunk is in, else a status line until it arrives. */
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
      (error: unknown) => (console.error('distribution editor: step chunk', error), live && setFailed(true)),
    );
    return () => {
      live = false;
    };
  }, [step, Component]);
  if (Component) return <Component {...props} />;
  return failed ? <p role="alert" className="text-sm m-0">{props.te('loadFailed')}</p> : <p role="status" className="text-sm text-ink-muted">{props.te('loading')}</p>;
}
