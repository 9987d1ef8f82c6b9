import type { Locale } from '../../../../i18n/locales.ts';
import type { T } from '../../../../i18n/translate.ts';
import { lazySteps } from '../../../../ui/lazy-steps.tsx';
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

// The first step ships with the editor; the others are chunks fetched once the distribution has loaded, as the flow
// editor's are (src/ui/lazy-steps.tsx).
type LaterStep = Exclude<Step, 'message'>;
const steps = lazySteps<LaterStep, StepProps>(
  {
    sending: () => import('./SendingStep.tsx'),
    recipients: () => import('./RecipientsStep.tsx'),
    schedule: () => import('./ScheduleStep.tsx'),
    start: () => import('./StartStep.tsx'),
  },
  ({ te }) => ({ loading: te('loading'), loadFailed: te('loadFailed') }),
  'distribution editor',
);
export const prefetchSteps = steps.prefetch;
export default steps.LazyStep;
