import type { Tx } from '../../platform/db/transactions.ts';
import type { Crm } from '../../../shared/crm.ts';
import { connectedKindsOf } from '../connections/store.ts';
import { companyKeysOf } from './store-linked.ts';

const CRM_OF = { yclients: 'Yclients', altegio: 'Altegio', iiko: 'Iiko' } as const;

/**
 * The systems the owner's own bundle (§3 "User accounts bundle") is connected to: the crms stored at sign-up (a
 * marketplace registration) plus every system an account or a linked company of the owner belongs to. The sidebar's
 * booking entry follows it (src/shared/crm.ts), so an owner who connects Altegio sees Altegio whatever the country.
 */
export async function crmsOfBundle(db: Tx, userId: number, stored: readonly Crm[]): Promise<Crm[]> {
  const [kinds, companies] = await Promise.all([connectedKindsOf(db, userId, ['yclients', 'altegio', 'iiko']), companyKeysOf(db, userId)]);
  const found = new Set<Crm>(stored);
  for (const kind of kinds) found.add(CRM_OF[kind as keyof typeof CRM_OF]);
  for (const { kind, externalId } of companies) {
    if (kind === 'iikoOrganization') found.add('Iiko');
    else if (externalId?.startsWith('yclients:')) found.add('Yclients');
    else if (externalId?.startsWith('altegio:')) found.add('Altegio');
  }
  // Stored order first, then the order of §3's list.
  return [...stored, ...(['Altegio', 'Yclients', 'Iiko'] as const).filter((c) => found.has(c) && !stored.includes(c))];
}
