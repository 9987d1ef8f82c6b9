import type { Db } from '../../platform/db/open.ts';
import { connectionBySession } from '../connections/store.ts';
import { receiveMessage, type Received } from './incoming.ts';

export interface WhatsAppIncoming {
  session: string;
  /** The writer's phone digits (`<digits>@c.us`). */
  phone: string;
  id: string;
  text: string;
  name: string;
  /** Ids our quoted message may be stored under (waha-events.ts). */
  quoted: string[];
  at: number;
}

/**
 * A client's message to an owner's WhatsApp number: the gateway session names the connection (`c<id>`), the
 * connection its owner. A session that is no owner's connection (the server-wide `default`) keeps no conversation.
 */
export async function receiveWhatsAppMessage(db: Db, m: WhatsAppIncoming): Promise<Received | undefined> {
  const connection = await connectionBySession(db, m.session);
  if (!connection) return undefined;
  return receiveMessage(db, {
    userId: connection.userId,
    connectionId: connection.id,
    channel: 'waha',
    inbox: m.session,
    peer: m.phone,
    phone: m.phone,
    name: m.name,
    providerMessageId: m.id,
    text: m.text,
    quoted: m.quoted,
    at: m.at,
  });
}
