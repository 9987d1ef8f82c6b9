import { lockUser } from '../account/store.ts';
import { addLinkedAccount, linkedExternalIds, stampLinkedByKey } from '../account/store-linked.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { wasUnlinked } from '../connections/booking-systems/store.ts';

type SourceKind = 'yclientsCompany' | 'iikoOrganization';

/**
 * Ties the sending company of a booking or restaurant system to its owner: a webhook of any company the owner has
 * linked (from the cabinet, or by its first webhook) is applied and stamps the company's `data.lastWebhookAt`; when
 * none is linked yet, the first webhook an owner's URL receives links its company (YCLIENTS/Altegio `company_id`, iiko
 * `organizationId`) as a linked account with `external_id` = `source:id`. Webhooks of any other company are ignored
 * (and stamp nothing), so a URL pasted into a second company by mistake (or leaked) cannot feed someone else's
 * clients into this owner's flows; nor is a company the owner unlinked tied again. The owner's row is locked so two first webhooks cannot tie two companies at once.
 * Docs: docs/webhooks.md, docs/booking-systems.md.
 */
export async function companyAllowed(
  tx: Tx,
  userId: number,
  link: { kind: SourceKind; source: string; id: string; name: string },
  now: number,
): Promise<boolean> {
  await lockUser(tx, userId);
  const key = `${link.source}:${link.id}`;
  if (await stampLinkedByKey(tx, userId, link.kind, key, { lastWebhookAt: now })) return true;
  if ((await linkedExternalIds(tx, userId, link.kind, link.source)).length) return false;
  if (await wasUnlinked(tx, userId, key)) return false; // the owner unlinked it: not tied again by its webhooks
  await addLinkedAccount(tx, {
    userId,
    kind: link.kind,
    name: link.name,
    externalId: key,
    data: { system: link.source, linkedBy: 'webhook', lastWebhookAt: now },
    createdAt: new Date(now),
  });
  return true;
}
