import { lockUser } from '../account/store.ts';
import { addLinkedAccount, linkedExternalIds } from '../account/store-linked.ts';
import type { Tx } from '../../platform/db/transactions.ts';

type SourceKind = 'yclientsCompany' | 'iikoOrganization';

/**
 * Ties the sending company of a booking or restaurant system to its owner: the first webhook an owner's URL receives
 * links its company (YCLIENTS/Altegio `company_id`, iiko `organizationId`) as a linked account with `external_id` =
 * `source:id`; later webhooks for any other company of that system are ignored, so a URL pasted into a second
 * company by mistake (or leaked) cannot feed someone else's clients into this owner's flows. The owner's row is
 * locked so two first webhooks cannot tie two companies at once. Docs: docs/webhooks.md.
 */
export async function companyAllowed(
  tx: Tx,
  userId: number,
  link: { kind: SourceKind; source: string; id: string; name: string },
  now: number,
): Promise<boolean> {
  await lockUser(tx, userId);
  const linked = await linkedExternalIds(tx, userId, link.kind, link.source);
  const key = `${link.source}:${link.id}`;
  if (linked.length) return linked.includes(key);
  await addLinkedAccount(tx, {
    userId,
    kind: link.kind,
    name: link.name,
    externalId: key,
    data: { system: link.source, linkedBy: 'webhook' },
    createdAt: new Date(now),
  });
  return true;
}
