import { and, eq, like } from 'drizzle-orm';
import { linkedAccounts, users } from '../../db/schema.ts';
import type { Tx } from '../../delivery/db.ts';
import type { WebhookSource } from './apply.ts';

const SYSTEM_NAME: Record<WebhookSource, string> = { yclients: 'YCLIENTS', altegio: 'Altegio' };

/**
 * Ties a booking-system company to its owner: the first webhook an owner's URL receives links its `company_id` (a
 * "yclientsCompany" linked account, `external_id` = `source:company_id`); later webhooks for any other company are
 * ignored, so a URL pasted into a second company by mistake (or leaked) cannot feed someone else's clients into this
 * owner's flows. The owner's row is locked so two first webhooks cannot tie two companies at once.
 */
export async function companyAllowed(tx: Tx, userId: number, source: WebhookSource, companyId: string, now: number): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const linked = await tx
    .select({ externalId: linkedAccounts.externalId })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.kind, 'yclientsCompany'), like(linkedAccounts.externalId, `${source}:%`)));
  const key = `${source}:${companyId}`;
  if (linked.length) return linked.some((l) => l.externalId === key);
  await tx.insert(linkedAccounts).values({
    userId,
    kind: 'yclientsCompany',
    name: `${SYSTEM_NAME[source]} ${companyId}`,
    externalId: key,
    data: { system: source, internalCompanyId: Number(companyId), linkedBy: 'webhook' },
    createdAt: new Date(now),
  });
  return true;
}
