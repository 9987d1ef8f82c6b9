import type { DistributionsProps } from './props.ts';

/** One distribution's live progress and per-recipient results (to be built); the editor shows it as its last step. */
export default function Results(_props: DistributionsProps & { distributionId: number }) {
  return null;
}
