import type { ConnectionsProps } from '../props.ts';

/** §2 /accounts/amo: the amoCRM connection. Being built (issue 19). */
export default function AmoAccounts(_props: ConnectionsProps) {
  return <p>…</p>;
}
