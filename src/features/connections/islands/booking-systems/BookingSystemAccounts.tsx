import type { ConnectionsProps } from '../props.ts';

/** §2 /accounts/yclients and /accounts/altegio: the owner's booking-system accounts and companies. Being built (issue 19). */
export default function BookingSystemAccounts(_props: ConnectionsProps& { system: 'yclients' | 'altegio' }) {
  return <p>…</p>;
}
