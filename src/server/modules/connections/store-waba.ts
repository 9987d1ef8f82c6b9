import { and, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { wabaTemplates } from './schema.ts';

// The only code touching waba_templates (docs/connections.md "WhatsApp Business (360dialog)"): the account's screens and
// webhook, and the reads of the flows that send through the account (docs/flows.md "WhatsApp Business template").

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

export interface WabaTemplateUse {
  connectionId: number;
  name: string;
  language: string;
}

export interface WabaTemplateState extends WabaTemplateUse {
  status: string;
  type: 'standard' | 'media';
  body: string;
}

export const wabaTemplateKey = (t: WabaTemplateUse) => JSON.stringify([t.connectionId, t.name, t.language]);

/** The stored templates among these (connection, name, language) triples, in one query; keyed by wabaTemplateKey. */
export async function wabaTemplatesAmong(db: Tx, wanted: readonly WabaTemplateUse[]): Promise<Map<string, WabaTemplateState>> {
  const unique = [...new Map(wanted.map((w) => [wabaTemplateKey(w), w])).values()];
  if (!unique.length) return new Map();
  const connectionIds = [...new Set(unique.map((u) => u.connectionId))];
  const rows = await db
    .select({ connectionId: wabaTemplates.connectionId, name: wabaTemplates.name, language: wabaTemplates.language, status: wabaTemplates.status, type: wabaTemplates.type, body: wabaTemplates.body })
    .from(wabaTemplates)
    .where(and(inArray(wabaTemplates.connectionId, connectionIds), or(...unique.map((u) => and(eq(wabaTemplates.connectionId, u.connectionId), eq(wabaTemplates.name, u.name), eq(wabaTemplates.language, u.language))))));
  return new Map(rows.map((r) => [wabaTemplateKey(r), r]));
}
