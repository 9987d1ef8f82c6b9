import type { ConnectionsProps } from '../props.ts';

/** §2 /accounts/amo/connect: where amoCRM's OAuth consent returns with its code. Being built (issue 19). */
export default function AmoConnect(_props: ConnectionsProps) {
  return <p>…</p>;
}
