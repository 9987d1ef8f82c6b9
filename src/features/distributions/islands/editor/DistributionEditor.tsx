import type { DistributionEditorProps } from '../props.ts';

/** `/distributions/edit/{id}/{step}` (to be built). */
export default function DistributionEditor(_props: DistributionEditorProps) {
  return null;
}
