import type { ConnectionsProps } from '../props.ts';

/** §2 /accounts/iiko: ApiLogins, organizations and terminals. Being built (issue 19). */
export default function IikoAccounts(_props: ConnectionsProps) {
  return <p>…</p>;
}
