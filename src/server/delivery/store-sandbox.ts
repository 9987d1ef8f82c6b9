import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/open.ts';
import { sandboxMessages } from './schema.ts';

/**
 * Records one sandbox send. A repeated idempotency key inserts nothing new: it counts the repeat in `sends` and
 * answers the first send's provider id (as a provider that honours idempotency keys would).
 */
export async function recordSandboxSend(db: Db, m: { idempotencyKey: string; to: string; text: string; at: number }): Promise<string> {
  const [row] = await db
    .insert(sandboxMessages)
    .values({ idempotencyKey: m.idempotencyKey, providerMessageId: `sbx-${randomUUID()}`, to: m.to, text: m.text, createdAt: new Date(m.at) })
    .onConflictDoUpdate({ target: sandboxMessages.idempotencyKey, set: { sends: sql`${sandboxMessages.sends} + 1` } })
    .returning({ providerMessageId: sandboxMessages.providerMessageId });
  return row!.providerMessageId;
}
