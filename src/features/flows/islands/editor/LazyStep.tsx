import type { Locale } from '../../../../i18n/locales.ts';
import type { T } from '../../../../i18n/translate.ts';
import { lazySteps } from '../../../../ui/lazy-steps.tsx';
import type { Errors, Flow, Step } from '../../store-editor.ts';

export interface StepProps {
  t: T;
  locale: Locale;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

// The first step ships with the editor; the others are chunks (src/ui/lazy-steps.tsx).
type LaterStep = Exclude<Step, 'message'>;
const steps = lazySteps<LaterStep, StepProps>(
  {
    buttons: () => import('./ButtonsStep.tsx'),
    timing: () => import('./TimingStep.tsx'),
    filters: () => import('./FiltersStep.tsx'),
    mode: () => import('./ModeStep.tsx'),
  },
  ({ t }) => ({ loading: t('loading'), loadFailed: t('loadFailed') }),
  'flow editor',
);
export const prefetchSteps = steps.prefetch;
export default steps.LazyStep;
