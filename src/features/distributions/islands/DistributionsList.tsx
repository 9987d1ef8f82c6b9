import type { DistributionsProps } from './props.ts';

/** `/distributions`: the list with counts and live progress (to be built). */
export default function DistributionsList(_props: DistributionsProps) {
  return null;
}
