import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { wabaTemplates } from './schema.ts';

// Reads of waba_templates for the flows that send through a WhatsApp Business account (docs/flows.md "WhatsApp
// Business template"): the editor's check and the engine's claim. Writes stay in store-waba.ts.

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
