import type { Db } from '../../platform/db/open.ts';
import { onConnection, receiveMessage, type Received } from './incoming.ts';

/** Meta's unix-seconds timestamp as ms, never in the future (a skewed clock must not open the 24-hour window early). */
export function metaTime(timestamp: unknown, now: number): number {
  const seconds = Number(timestamp);
  return Number.isSafeInteger(seconds) && seconds > 0 ? Math.min(seconds * 1000, now) : now;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

/** What a Cloud API message says: its text, a button's or list choice's title, else a placeholder naming its type. */
function textOf(m: Obj): string {
  const type = typeof m.type === 'string' && /^[a-z_]{1,30}$/.test(m.type) ? m.type : 'message';
  const interactive = obj(m.interactive);
  const said = type === 'text' ? text(obj(m.text).body) : type === 'button' ? text(obj(m.button).text) : type === 'interactive' ? text(obj(interactive.button_reply).title) ?? text(obj(interactive.list_reply).title) : undefined;
  return said ?? `[${type}]`;
}

/**
 * A client's message to an owner's WhatsApp Business number, from 360dialog's webhook (docs/conversations.md
 * "WhatsApp Business"): `from` is the writer's digits; stored in the connection's inbox `c<id>` with its connection
 * (which opens the 24-hour free-text window), a STOP word unsubscribes the writer from the `waba` channel, a
 * `context.id` names the message of ours it answers. Undefined for what is no message.
 */
export async function receiveWabaMessage(db: Db, connection: { id: number; userId: number }, raw: unknown, name: string, now: number): Promise<Received | undefined> {
  const m = obj(raw);
  const phone = typeof m.from === 'string' && /^[1-9]\d{5,14}$/.test(m.from) ? m.from : undefined;
  const id = typeof m.id === 'string' && m.id.length <= 200 ? m.id : '';
  if (!phone || !id) return undefined;
  const quoted = obj(m.context).id;
  return receiveMessage(db, {
    ...onConnection(connection, 'waba', phone),
    name: name.slice(0, 100),
    providerMessageId: id,
    text: textOf(m),
    quoted: typeof quoted === 'string' && quoted.length <= 200 ? [quoted] : [],
    at: metaTime(m.timestamp, now),
  });
}
