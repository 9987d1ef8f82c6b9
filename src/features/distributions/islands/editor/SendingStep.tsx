import ModeStep from '../../../flows/islands/editor/ModeStep.tsx';
import type { StepProps } from './LazyStep.tsx';

/**
 * The sending connection (a WhatsApp Business account brings its approved template), the test numbers and the
 * mode: the flow editor's mode step on the distribution's flow, as it is.
 */
export default function SendingStep({ tp, flow, errors, change }: StepProps) {
  return <ModeStep t={tp} flow={flow} errors={errors} change={change} />;
}
