import { and, asc, count, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/open.ts';
import type { Tx } from '../../../platform/db/transactions.ts';
import { connections, connectionSecrets } from '../schema.ts';
import { amoContacts, amoLeads, amoOauthStates, amoOutbox, amoSettings, type AmoMapping, type AmoPipeline } from './schema.ts';

// The only code touching the amoCRM tables (and, for an amo connection, its row and sealed secret): docs/amo.md.

/** The lastError of a connection amoCRM stopped accepting (the screen's tokenRejected). */
export const REJECTED = 'amoTokenRejected';
const notRejected = sql`${connections.lastError} IS DISTINCT FROM ${REJECTED}`;

// Consent states (SHA-256 only).
export async function addOauthState(db: Tx, stateHash: string, userId: number, expiresAt: Date, now: Date): Promise<void> {
  await db.delete(amoOauthStates).where(lte(amoOauthStates.expiresAt, now));
  await db.insert(amoOauthStates).values({ stateHash, userId, expiresAt });
}
/** Deletes the owner's live state; false when there was none (forged, another owner's, used or expired). */
export async function consumeOauthState(db: Tx, stateHash: string, userId: number, now: Date): Promise<boolean> {
  const used = await db
    .delete(amoOauthStates)
    .where(and(eq(amoOauthStates.stateHash, stateHash), eq(amoOauthStates.userId, userId), gt(amoOauthStates.expiresAt, now)))
    .returning();
  return used.length > 0;
}

// Settings.
export async function settingsOf(db: Tx, connectionId: number) {
  const [row] = await db.select().from(amoSettings).where(eq(amoSettings.connectionId, connectionId));
  return row;
}
export async function pendingOf(db: Tx, connectionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(amoOutbox).where(eq(amoOutbox.connectionId, connectionId));
  return Number(row?.n ?? 0);
}
export async function saveSettings(db: Tx, connectionId: number, subdomain: string, pipelines: AmoPipeline[], keepMap: boolean): Promise<void> {
  await db
    .insert(amoSettings)
    .values({ connectionId, subdomain, pipelines })
    .onConflictDoUpdate({ target: amoSettings.connectionId, set: { subdomain, pipelines, ...(keepMap ? {} : { statusMap: [] }) } });
}
export async function setStatusMap(db: Tx, connectionId: number, map: AmoMapping[]): Promise<void> {
  await db.update(amoSettings).set({ statusMap: map }).where(eq(amoSettings.connectionId, connectionId));
}

// The connection's row and secret.
export async function lockConnection(db: Tx, id: number): Promise<void> {
  await db.select({ id: connections.id }).from(connections).where(eq(connections.id, id)).for('update');
}
export async function saveSealed(db: Tx, id: number, sealed: { value: string; keyId: string }, at: Date): Promise<void> {
  await db.update(connectionSecrets).set({ sealed: sealed.value, keyId: sealed.keyId, updatedAt: at }).where(eq(connectionSecrets.connectionId, id));
}
export async function markRejected(db: Tx, id: number, at: Date): Promise<void> {
  await db.update(connections).set({ state: 'error', lastError: REJECTED, stateChangedAt: at }).where(eq(connections.id, id));
}
export async function markConnected(db: Tx, id: number, name: string, at: Date): Promise<void> {
  await db.update(connections).set({ name, state: 'Connected', lastError: null, stateChangedAt: at }).where(eq(connections.id, id));
}
/** A push failed (`providerUnavailable`) or worked (null); a rejected connection keeps its reason. */
export async function setPushError(db: Tx, id: number, error: 'providerUnavailable' | null): Promise<void> {
  const when = error ? notRejected : eq(connections.lastError, 'providerUnavailable');
  await db.update(connections).set({ lastError: error }).where(and(eq(connections.id, id), when));
}
/** Another amoCRM account behind the connection: the old leads and contacts mean nothing there. */
export async function forgetLeads(db: Tx, id: number): Promise<void> {
  await db.delete(amoLeads).where(eq(amoLeads.connectionId, id));
  await db.delete(amoContacts).where(eq(amoContacts.connectionId, id));
}
/** Pairs not refreshed since `before` (the keep-alive). */
export async function staleConnections(db: Tx, before: Date): Promise<number[]> {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .innerJoin(connectionSecrets, eq(connectionSecrets.connectionId, connections.id))
    .where(and(eq(connections.kind, 'amo'), lte(connectionSecrets.updatedAt, before), notRejected));
  return rows.map((r) => r.id);
}

// The outbox.
/** The booking store's hook: queue a visit of an owner with an amoCRM connection (one statement; nothing otherwise). */
export async function queueAmoPush(tx: Tx, record: { id: number; userId: number; updatedAt: Date }): Promise<void> {
  await tx.execute(sql`
    INSERT INTO amo_outbox (record_id, connection_id, next_at)
    SELECT ${record.id}, c.id, ${record.updatedAt.toISOString()}::timestamptz FROM connections c
    WHERE c.user_id = ${record.userId} AND c.kind = 'amo' ORDER BY c.id LIMIT 1
    ON CONFLICT (record_id) DO UPDATE SET seq = amo_outbox.seq + 1, attempts = 0, next_at = excluded.next_at`);
}
/**
 * Claims up to `limit` due rows by moving them past `leaseUntil` (SKIP LOCKED), so two delivery workers never push
 * the same visit at once (a change queued meanwhile waits for the lease too, or a second worker would create a second
 * lead); each claimed row is then deleted, retried or released. A crash leaves them due at the lease's end.
 */
export async function claimDueOutbox(db: Db, now: Date, leaseUntil: Date, limit: number) {
  const due = db
    .select({ recordId: amoOutbox.recordId })
    .from(amoOutbox)
    .innerJoin(connections, eq(connections.id, amoOutbox.connectionId))
    .where(and(lte(amoOutbox.nextAt, now), or(isNull(amoOutbox.leaseUntil), lte(amoOutbox.leaseUntil, now)), notRejected))
    .orderBy(asc(amoOutbox.nextAt))
    .limit(limit)
    .for('update', { of: amoOutbox, skipLocked: true });
  const rows = await db
    .update(amoOutbox)
    .set({ nextAt: leaseUntil, leaseUntil })
    .where(inArray(amoOutbox.recordId, due))
    .returning({ recordId: amoOutbox.recordId, connectionId: amoOutbox.connectionId, seq: amoOutbox.seq, attempts: amoOutbox.attempts });
  return rows.sort((a, b) => a.recordId - b.recordId);
}
/** Sent: the row goes unless a change came meanwhile (its seq grew: released, it is sent again). */
export async function outboxSent(db: Tx, row: { recordId: number; seq: number; connectionId: number }, at: Date): Promise<void> {
  await db.delete(amoOutbox).where(and(eq(amoOutbox.recordId, row.recordId), eq(amoOutbox.seq, row.seq)));
  await db.update(amoOutbox).set({ leaseUntil: null }).where(eq(amoOutbox.recordId, row.recordId));
  await db.update(amoSettings).set({ lastPushAt: at }).where(eq(amoSettings.connectionId, row.connectionId));
}
export async function outboxRetry(db: Tx, recordId: number, attempts: number, nextAt: Date): Promise<void> {
  await db.update(amoOutbox).set({ attempts, nextAt, leaseUntil: null }).where(eq(amoOutbox.recordId, recordId));
}

// Leads and contacts.
export async function leadOfRecord(db: Tx, recordId: number) {
  const [row] = await db.select().from(amoLeads).where(eq(amoLeads.recordId, recordId));
  return row;
}
export async function leadByAmoId(db: Tx, connectionId: number, leadId: number) {
  const [row] = await db.select().from(amoLeads).where(and(eq(amoLeads.connectionId, connectionId), eq(amoLeads.leadId, leadId)));
  return row;
}
export async function contactOf(db: Tx, connectionId: number, clientId: number) {
  const [row] = await db.select().from(amoContacts).where(and(eq(amoContacts.connectionId, connectionId), eq(amoContacts.clientId, clientId)));
  return row;
}
export async function saveLead(db: Tx, lead: { recordId: number; connectionId: number; leadId: number; statusId: number | null }): Promise<void> {
  await db.insert(amoLeads).values(lead).onConflictDoNothing();
}
export async function setLeadStatus(db: Tx, recordId: number, statusId: number): Promise<void> {
  await db.update(amoLeads).set({ statusId }).where(eq(amoLeads.recordId, recordId));
}
export async function saveContact(db: Tx, contact: { connectionId: number; clientId: number; contactId: number }): Promise<void> {
  await db.insert(amoContacts).values(contact).onConflictDoNothing();
}
