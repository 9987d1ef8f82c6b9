import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/open.ts';
import { sandboxMessages } from './schema.ts';

/**
 * Records a batch of sandbox sends in one statement (keys are unique within a batch). A repeated idempotency key
 * inserts nothing new: it counts the repeat in `sends` and answers the first send's provider id (as a provider that
 * honours idempotency keys would). The provider ids by key.
 */
export async function recordSandboxSends(db: Db, batch: readonly { idempotencyKey: string; to: string; text: string }[], at: number): Promise<Map<string, string>> {
  if (!batch.length) return new Map();
  const rows = await db
    .insert(sandboxMessages)
    .values(batch.map((m) => ({ idempotencyKey: m.idempotencyKey, providerMessageId: `sbx-${randomUUID()}`, to: m.to, text: m.text, createdAt: new Date(at) })))
    .onConflictDoUpdate({ target: sandboxMessages.idempotencyKey, set: { sends: sql`${sandboxMessages.sends} + 1` } })
    .returning({ key: sandboxMessages.idempotencyKey, providerMessageId: sandboxMessages.providerMessageId });
  return new Map(rows.map((r) => [r.key, r.providerMessageId]));
}
