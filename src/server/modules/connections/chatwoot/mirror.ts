import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import { sealedConnections, type Sealed } from '../sealed.ts';
import { setState } from '../store.ts';
import { chatwootCall, field, isAnswer, num, type ChatwootAnswer } from './api.ts';
import { advanceMirror, forgetThread, isPosted, leaseMirror, markPosted, mirroringConnections, pendingMessages, releaseMirror, saveThread, threadOf } from './store.ts';

// The mirror (docs/chatwoot.md "Mirror"): each tick posts the clients' new messages of every Connected Chatwoot
// connection, oldest first, advancing the connection's cursor past each one posted. Chatwoot down: the cursor stays
// and the same messages go next tick; a message already posted (its id kept in chatwoot_posted) is not posted again.

const BATCH = 50;
/** Longer than a batch can take (50 messages × 3 calls × the 15 s cap is the worst case, not the usual one). */
const LEASE_MS = 10 * 60_000;

/** Why the mirror waits, as a code the screen translates (`chatwoot.mirror.<code>`). */
export type MirrorError = 'addressRefused' | 'unreachable' | 'tokenRejected' | 'notFound' | 'refused' | 'conversationGone';
type Step = { ok: true; id: number } | { ok: false; stop: boolean; why: MirrorError };

const failed = (a: ChatwootAnswer): Step => {
  if (!isAnswer(a)) return { ok: false, stop: true, why: 'blocked' in a ? 'addressRefused' : 'unreachable' };
  // 401: the token was revoked; 404: the account or inbox is gone. Both stop the mirror until the owner acts.
  if (a.status === 401 || a.status === 403) return { ok: false, stop: true, why: 'tokenRejected' };
  return a.status === 404 ? { ok: false, stop: true, why: 'notFound' } : { ok: false, stop: false, why: 'refused' };
};

export async function mirrorToChatwoot(db: Db, config: ServerConfig): Promise<number> {
  const sealed = sealedConnections(db, config);
  let posted = 0;
  for (const c of await mirroringConnections(db)) {
    const account = await sealed.byId(c.id, 'chatwoot');
    if (!account?.credentials.inboxId) continue;
    // Several engine threads may tick at once (DELIVERY_WORKERS): one mirrors a connection at a time.
    if (!(await leaseMirror(db, c.id, new Date(config.now()), new Date(config.now() + LEASE_MS)))) continue;
    try {
      posted += await mirrorOne(db, config, account, c.userId, c.cursor);
    } catch (error) {
      // One connection's failure (e.g. removed mid-tick: its rows' inserts fail) never stops the others' mirror.
      console.error(`chatwoot mirror of connection ${c.id} failed: ${(error as Error).message}`);
    } finally {
      await releaseMirror(db, c.id);
    }
  }
  return posted;
}

async function mirrorOne(db: Db, config: ServerConfig, account: Sealed<'chatwoot'>, userId: number, cursor: number): Promise<number> {
  const id = account.connection.id;
  const call = (path: string, json?: unknown) => chatwootCall(account.credentials, config.outboundFetch.allow, path, json === undefined ? {} : { json });
  let posted = 0;
  for (const m of await pendingMessages(db, userId, cursor, BATCH)) {
    if (await isPosted(db, id, m.id)) {
      await advanceMirror(db, id, { cursor: m.id, error: null });
      continue;
    }
    const step = await postOne(db, call, account, m);
    if (!step.ok) {
      await advanceMirror(db, id, { ...(step.stop ? {} : { cursor: m.id }), error: step.why });
      if (step.why === 'tokenRejected') await setState(db, id, { state: 'error', lastError: 'chatwootTokenRejected' }, new Date(config.now()));
      if (step.stop) break;
      continue; // Chatwoot refused this one message (422): skipped, so one bad message never blocks the rest
    }
    await markPosted(db, id, m.id, step.id);
    await advanceMirror(db, id, { cursor: m.id, mirroredAt: new Date(config.now()), error: null });
    posted++;
  }
  return posted;
}

type Call = (path: string, json?: unknown) => Promise<ChatwootAnswer>;
type Pending = Awaited<ReturnType<typeof pendingMessages>>[number];

async function postOne(db: Db, call: Call, account: Sealed<'chatwoot'>, m: Pending): Promise<Step> {
  const connectionId = account.connection.id;
  const inboxId = account.credentials.inboxId!;
  let thread = await threadOf(db, connectionId, m.conversationId);
  const known = Boolean(thread);
  if (!thread) {
    const contact = await contactFor(call, inboxId, m);
    if (!contact.ok) return contact;
    thread = { id: 0, connectionId, conversationId: m.conversationId, contactId: contact.id, sourceId: contact.sourceId, chatwootConversationId: null };
    await saveThread(db, thread);
  }
  if (thread.chatwootConversationId === null) {
    const made = await call('/conversations', { source_id: thread.sourceId, inbox_id: inboxId, contact_id: thread.contactId });
    const conversation = isAnswer(made) && made.status < 300 ? num(field(made.body, 'id')) : undefined;
    if (!conversation && known && isAnswer(made) && (made.status === 404 || made.status === 422)) {
      // The contact was deleted in Chatwoot (its inbox link and conversations with it): without forgetting it, every
      // later message of this client would be refused and skipped. Made again next tick; the message stays pending.
      await forgetThread(db, connectionId, m.conversationId);
      return { ok: false, stop: true, why: 'conversationGone' };
    }
    if (!conversation) return failed(made);
    thread = { ...thread, chatwootConversationId: conversation };
    await saveThread(db, thread);
  }
  const sent = await call(`/conversations/${thread.chatwootConversationId}/messages`, { content: m.text, message_type: 'incoming' });
  const messageId = isAnswer(sent) && sent.status < 300 ? num(field(sent.body, 'id')) : undefined;
  if (messageId) return { ok: true, id: messageId };
  if (isAnswer(sent) && sent.status === 404) {
    // The conversation was deleted in Chatwoot: a new one is made next tick (the message stays pending).
    await saveThread(db, { ...thread, chatwootConversationId: null });
    return { ok: false, stop: true, why: 'conversationGone' };
  }
  return failed(sent);
}

/** The client's contact in the inbox: created with the phone, or (phone taken) found and added to the inbox. */
async function contactFor(call: Call, inboxId: number, m: Pending): Promise<{ ok: true; id: number; sourceId: string } | (Step & { ok: false })> {
  const phone = m.phone ? `+${m.phone}` : undefined;
  const made = await call('/contacts', { inbox_id: inboxId, name: m.name || phone || m.peer, ...(phone ? { phone_number: phone } : { identifier: `cabinet:${m.peer}` }) });
  if (isAnswer(made) && made.status < 300) {
    const id = num(field(made.body, 'payload', 'contact', 'id')) ?? num(field(made.body, 'payload', 'id'));
    const sourceId = field(made.body, 'payload', 'contact_inbox', 'source_id');
    if (id && typeof sourceId === 'string') return { ok: true, id, sourceId };
    if (id) return contactInbox(call, inboxId, id);
  }
  if (!isAnswer(made) || made.status !== 422 || !phone) return failed(made) as Step & { ok: false };
  const found = await call(`/contacts/search?q=${encodeURIComponent(phone)}`);
  const list = isAnswer(found) && found.status < 300 ? field(found.body, 'payload') : undefined;
  const id = Array.isArray(list) ? list.map((c) => num(field(c, 'id'))).find(Boolean) : undefined;
  return id ? contactInbox(call, inboxId, id) : (failed(found) as Step & { ok: false });
}

async function contactInbox(call: Call, inboxId: number, contactId: number) {
  const ci = await call(`/contacts/${contactId}/contact_inboxes`, { inbox_id: inboxId });
  const sourceId = isAnswer(ci) && ci.status < 300 ? field(ci.body, 'source_id') : undefined;
  return typeof sourceId === 'string' ? { ok: true as const, id: contactId, sourceId } : (failed(ci) as Step & { ok: false });
}
