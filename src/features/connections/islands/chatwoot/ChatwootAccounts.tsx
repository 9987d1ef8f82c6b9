import type { ConnectionsProps } from '../props.ts';

/** §2 /accounts/chatwoot: the Chatwoot account conversations are mirrored into. Being built (issue 19). */
export default function ChatwootAccounts(_props: ConnectionsProps) {
  return <p>…</p>;
}
