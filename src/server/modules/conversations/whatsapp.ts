import type { Db } from '../../platform/db/open.ts';
import { connectionBySession } from '../connections/store.ts';
import { latestSentTo } from '../delivery/store.ts';
import { receiveMessage, since, type Received } from './incoming.ts';

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
 * A client's message to a WhatsApp number. An owner's number: the gateway session names the connection (`c<id>`),
 * the connection its owner. Any other session is the server-wide number (`DELIVERY_CHANNEL=waha`, `WAHA_SESSION`)
 * every owner sends through today: the message belongs to the owner whose message reached the writer last within
 * the reply window; with none it is no conversation (undefined).
 */
export async function receiveWhatsAppMessage(db: Db, m: WhatsAppIncoming): Promise<Received | undefined> {
  const connection = await connectionBySession(db, m.session);
  const userId = connection?.userId ?? (await latestSentTo(db, 'waha', m.phone, since(m.at)))?.userId;
  if (userId === undefined) return undefined;
  return receiveMessage(db, {
    userId,
    connectionId: connection?.id ?? null,
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
