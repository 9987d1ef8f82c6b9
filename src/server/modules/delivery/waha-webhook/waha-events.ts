import type { DeliveryEvent } from '../../../delivery/channels/channel.ts';
import { mediaPlaceholder, type WhatsAppIncoming } from '../../conversations/index.ts';

/**
 * What a WAHA webhook event means for the message log. Envelope: `{ event, session, payload }`.
 * - `message.ack`: payload `{ id, from, to, fromMe, ack, ackName }`; ack -1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE,
 *   3 READ, 4 PLAYED. SERVER is what the send already told us; DEVICE = delivered, READ/PLAYED = read, ERROR = failed.
 * - `message`: an incoming message. One that is not ours (`fromMe` false) and quotes one of ours (`replyTo.id`) is
 *   the client's reply.
 * Message ids: `payload.id` of an ack is the serialized id `true_<chat>@c.us_<ID>` that sendText answered (WEBJS,
 * GOWS), while NOWEB answers the bare `<ID>`; `replyTo.id` is always the bare id. So each event is matched against
 * both spellings of the id (`candidates`).
 */
export interface WahaStatusEvent {
  status: DeliveryEvent['status'];
  candidates: string[];
}

const ACK_STATUS: Record<number, DeliveryEvent['status']> = { [-1]: 'failed', 2: 'delivered', 3: 'read', 4: 'read' };
const ACK_NAMES: Record<string, number> = { ERROR: -1, PENDING: 0, SERVER: 1, DEVICE: 2, READ: 3, PLAYED: 4 };
const SERIALIZED = /^(true|false)_([^_]+@[a-z.]+)_(.+)$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 300 ? v : undefined);

/** The bare id inside a serialized one (`true_…@c.us_ABC` → `ABC`); a bare id stays as it is. */
export const bareId = (id: string) => SERIALIZED.exec(id)?.[3] ?? id;

/** Undefined for events and messages that say nothing about a message the cabinet sent. */
export function wahaStatusEvent(body: unknown): WahaStatusEvent | undefined {
  if (!isObject(body) || !isObject(body.payload)) return undefined;
  const p = body.payload;
  if (body.event === 'message.ack') {
    const id = text(p.id);
    if (!id || p.fromMe === false) return undefined; // acks of the client's own messages are not ours
    const ack = typeof p.ack === 'number' ? p.ack : typeof p.ackName === 'string' ? ACK_NAMES[p.ackName] : undefined;
    const status = ack === undefined ? undefined : ACK_STATUS[ack];
    return status ? { status, candidates: [...new Set([id, bareId(id)])] } : undefined;
  }
  if (body.event === 'message') {
    const candidates = p.fromMe === false ? quotedIds(p) : [];
    return candidates.length ? { status: 'replied', candidates } : undefined;
  }
  return undefined;
}

/** The ids the message a `message` payload quotes (`replyTo.id`) may be stored under; none without a quote. */
function quotedIds(p: Record<string, unknown>): string[] {
  const quoted = isObject(p.replyTo) ? text(p.replyTo.id) : undefined;
  const from = text(p.from);
  if (!quoted) return [];
  const serialized = from && !quoted.includes('@') ? [`true_${from}_${quoted}`] : [];
  return [...new Set([quoted, bareId(quoted), ...serialized])];
}

/** A client's message to a number (`message`, `fromMe: false`) as the conversations module takes it. */
type WahaIncoming = Omit<WhatsAppIncoming, 'at'>;

const PERSONAL_CHAT = /^(\d{6,15})@c\.us$/;

/**
 * Undefined for anything but a person's message from a personal chat: groups (`@g.us`), status broadcasts and
 * chats WhatsApp names by `@lid` (no phone) are not conversations with a client. Media keeps a placeholder, and
 * its caption when there is one.
 */
export function wahaIncoming(body: unknown): WahaIncoming | undefined {
  if (!isObject(body) || body.event !== 'message' || !isObject(body.payload) || typeof body.session !== 'string') return undefined;
  const p = body.payload;
  const phone = typeof p.from === 'string' ? PERSONAL_CHAT.exec(p.from)?.[1] : undefined;
  const id = text(p.id);
  if (p.fromMe !== false || !phone || !id) return undefined;
  const said = typeof p.body === 'string' ? p.body : '';
  const media = p.hasMedia === true ? mediaPlaceholder(isObject(p.media) && typeof p.media.mimetype === 'string' ? p.media.mimetype : undefined) : undefined;
  const words = media ? [media, said].filter(Boolean).join(' ') : said;
  if (!words) return undefined;
  const data = isObject(p._data) ? p._data : {};
  const name = typeof data.notifyName === 'string' ? data.notifyName.slice(0, 100) : '';
  return { session: body.session.slice(0, 100), phone, id, text: words, name, quoted: quotedIds(p) };
}
