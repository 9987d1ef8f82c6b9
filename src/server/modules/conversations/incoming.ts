import { applyDeliveryEvent } from '../../delivery/events.ts';
import type { Db } from '../../platform/db/open.ts';
import { clientIdOf } from '../clients/store.ts';
import { latestSentTo, providerMessageOf } from '../delivery/store.ts';
import { unsubscribePhone } from '../phones/subscribers/store.ts';
import { checkStopSpike } from './stop-spike.ts';
import { isStopWord } from './stop-words.ts';
import { isStored, storeIncoming, type IncomingRow } from './store.ts';

/** A reply marks our latest message to the writer replied only within this window (docs/conversations.md). */
export const REPLY_WINDOW_MS = 7 * 24 * 3600_000;
/** Texts longer than this are cut: a conversation keeps what a person types, not documents. */
export const TEXT_MAX = 4096;
/** The oldest send a message at `at` can answer. */
export const since = (at: number) => new Date(at - REPLY_WINDOW_MS);

export interface Incoming extends Omit<IncomingRow, 'clientId' | 'at'> {
  /** The provider ids a quoted message of ours may carry (a WhatsApp or Telegram "reply to"). */
  quoted: string[];
  at: number;
}

export type Received = 'applied' | 'unchanged';

/** Where a message to an owner's sessionless connection (Twilio, WABA) is kept: its inbox `c<id>`, the writer's phone. */
export const onConnection = (connection: { id: number; userId: number }, channel: 'twilio' | 'waba', phone: string) => ({
  userId: connection.userId,
  connectionId: connection.id,
  channel,
  inbox: `c${connection.id}`,
  peer: phone,
  phone,
});

/**
 * One message a client wrote to the owner: stored once in its conversation; a STOP word unsubscribes the writer from
 * that channel (WhatsApp; the server bot's own STOP is phones/subscribers); our message it answers becomes `replied`:
 * the quoted one, else the latest that went to the writer on that channel within REPLY_WINDOW_MS.
 */
export async function receiveMessage(db: Db, m: Incoming): Promise<Received> {
  if (await isStored(db, m.inbox, m.providerMessageId)) return 'unchanged';
  // The effects first, the message last: both are idempotent, so when a failure makes the provider deliver again,
  // the retry finds the message not stored and completes it; once stored, a retry changes nothing (a client the
  // owner resubscribed since stays subscribed).
  const at = new Date(m.at);
  if (m.phone && m.channel !== 'telegram' && isStopWord(m.text, m.channel)) {
    await unsubscribePhone(db, m.userId, m.channel, m.phone, at);
    // A spike of STOPs on an owner's WhatsApp number pauses it, as a ban answer does.
    if (m.channel === 'waha' && m.connectionId !== null) await checkStopSpike(db, m.connectionId, m.at);
  }
  await markReplied(db, m);
  const clientId = m.phone ? ((await clientIdOf(db, m.userId, m.phone)) ?? null) : null;
  return (await storeIncoming(db, { ...m, clientId, text: m.text.slice(0, TEXT_MAX), at })) ? 'applied' : 'unchanged';
}

async function markReplied(db: Db, m: Incoming): Promise<void> {
  const quoted = m.quoted.length ? await providerMessageOf(db, m.channel, m.quoted) : undefined;
  const latest = quoted ?? (m.phone ? (await latestSentTo(db, m.channel, m.phone, since(m.at), [m.userId]))?.providerMessageId : undefined);
  if (latest) await applyDeliveryEvent(db, { providerMessageId: latest, status: 'replied', at: m.at });
}

/** Media is not kept: a placeholder says what came. */
export const mediaPlaceholder = (mimetype: string | undefined): string => {
  const kind = mimetype?.split('/')[0];
  return kind === 'image' ? '[image]' : kind === 'video' ? '[video]' : kind === 'audio' ? '[audio]' : '[file]';
};
