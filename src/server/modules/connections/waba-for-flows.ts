import { createWabaChannel, type WabaChannel } from '../../delivery/channels/waba.ts';
import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { sealedConnections } from './sealed.ts';
import { wabaTemplateKey, wabaTemplatesAmong, type WabaTemplateState } from './store-waba.ts';

// What flows and the engine need of a WhatsApp Business account (docs/flows.md "WhatsApp Business template").

/** A template a flow may send: approved by Meta, and standard (a media one needs a header file the engine cannot upload yet). */
export const sendableTemplate = (t: WabaTemplateState | undefined): t is WabaTemplateState => t?.status === 'approved' && t.type === 'standard';

/** The account's stored template of that name and language, if any. */
export async function wabaTemplateOf(db: Tx, connectionId: number, name: string, language: string): Promise<WabaTemplateState | undefined> {
  const key = { connectionId, name, language };
  return (await wabaTemplatesAmong(db, [key])).get(wabaTemplateKey(key));
}

/**
 * The channel of an owner's WhatsApp Business account, its API key opened here (once per batch's sender pool);
 * undefined for a missing account, another kind, or one not Connected (a rejected or unreadable key).
 */
export async function wabaChannelOf(db: Db, config: ServerConfig, connectionId: number): Promise<WabaChannel | undefined> {
  const row = await sealedConnections(db, config).byId(connectionId, 'waba');
  if (row?.connection.state !== 'Connected') return undefined;
  return createWabaChannel({ apiUrl: config.providers.dialog360ApiUrl, apiKey: row.credentials.apiKey });
}
