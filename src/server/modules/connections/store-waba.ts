import { and, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { connections, connectionSecrets, wabaTemplates } from './schema.ts';

// The only code touching waba_templates, and a WABA account's key and webhook secret once replaced (docs/connections.md
// "WhatsApp Business (360dialog)").

export type WabaTemplateRow = typeof wabaTemplates.$inferSelect;
export type WabaTemplateValues = Pick<WabaTemplateRow, 'name' | 'category' | 'language' | 'type' | 'status' | 'rejectedReason' | 'body'>;

/** The connection's templates, by name then language. */
export async function wabaTemplatesOf(db: Tx, connectionId: number): Promise<WabaTemplateRow[]> {
  return db.select().from(wabaTemplates).where(eq(wabaTemplates.connectionId, connectionId)).orderBy(wabaTemplates.name, wabaTemplates.language);
}

/** Stores one template as 360dialog has it now (a create, or one row of a sync). */
export async function upsertWabaTemplate(db: Tx, connectionId: number, t: WabaTemplateValues, at: Date): Promise<void> {
  await db
    .insert(wabaTemplates)
    .values({ connectionId, ...t, syncedAt: at })
    .onConflictDoUpdate({
      target: [wabaTemplates.connectionId, wabaTemplates.name, wabaTemplates.language],
      set: { category: t.category, type: t.type, status: t.status, rejectedReason: t.rejectedReason, body: t.body, syncedAt: at },
    });
}

/**
 * A whole sync in the caller's transaction: every template 360dialog listed is stored, the ones it no longer has
 * (deleted in the 360dialog hub or by Meta) go.
 */
export async function replaceWabaTemplates(db: Tx, connectionId: number, list: WabaTemplateValues[], at: Date): Promise<void> {
  const listed = new Set(list.map((t) => JSON.stringify([t.name, t.language])));
  const vanished = (await wabaTemplatesOf(db, connectionId)).filter((t) => !listed.has(JSON.stringify([t.name, t.language]))).map((t) => t.id);
  if (vanished.length) await db.delete(wabaTemplates).where(inArray(wabaTemplates.id, vanished));
  for (const t of list) await upsertWabaTemplate(db, connectionId, t, at);
}

/** Removes every language of a template name (360dialog deletes a template by name). */
export async function deleteWabaTemplate(db: Tx, connectionId: number, name: string): Promise<number> {
  const rows = await db.delete(wabaTemplates).where(and(eq(wabaTemplates.connectionId, connectionId), eq(wabaTemplates.name, name))).returning({ id: wabaTemplates.id });
  return rows.length;
}

/** Meta's review result for one template (the webhook); false when we do not have it or it already says so. */
export async function setWabaTemplateStatus(db: Tx, connectionId: number, t: { name: string; language: string; status: string; rejectedReason: string | null }, at: Date): Promise<boolean> {
  const rows = await db
    .update(wabaTemplates)
    .set({ status: t.status, rejectedReason: t.rejectedReason, syncedAt: at })
    .where(
      and(
        eq(wabaTemplates.connectionId, connectionId),
        eq(wabaTemplates.name, t.name),
        eq(wabaTemplates.language, t.language),
        or(ne(wabaTemplates.status, t.status), t.rejectedReason === null ? isNotNull(wabaTemplates.rejectedReason) : or(isNull(wabaTemplates.rejectedReason), ne(wabaTemplates.rejectedReason, t.rejectedReason))),
      ),
    )
    .returning({ id: wabaTemplates.id });
  return rows.length > 0;
}

/**
 * A WABA account's credentials sealed again (a replaced key, a new webhook secret), in the caller's transaction;
 * `session` (the key's hash) moves with a new key.
 */
export async function resealWabaAccount(db: Tx, connectionId: number, sealed: { value: string; keyId: string }, at: Date, session?: string): Promise<void> {
  await db.update(connectionSecrets).set({ sealed: sealed.value, keyId: sealed.keyId, updatedAt: at }).where(eq(connectionSecrets.connectionId, connectionId));
  if (session) await db.update(connections).set({ session }).where(eq(connections.id, connectionId));
}
