import type { DeliveryEvent } from '../../../delivery/channels/channel.ts';

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
    if (p.fromMe !== false || !isObject(p.replyTo)) return undefined;
    const quoted = text(p.replyTo.id);
    const from = text(p.from);
    if (!quoted) return undefined;
    const serialized = from && !quoted.includes('@') ? [`true_${from}_${quoted}`] : [];
    return { status: 'replied', candidates: [...new Set([quoted, bareId(quoted), ...serialized])] };
  }
  return undefined;
}
