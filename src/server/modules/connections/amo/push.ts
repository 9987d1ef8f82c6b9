import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import type { Tx } from '../../../platform/db/transactions.ts';
import { localDate } from '../../../delivery/time.ts';
import { businessZone } from '../../account/store.ts';
import { bookingClients } from '../../clients/schema.ts';
import { bookingRecords, bookingServices } from '../../booking/schema.ts';
import { connections, connectionSecrets } from '../schema.ts';
import { amoFetch, originOf, type AmoAnswer } from './api.ts';
import { amoContacts, amoLeads, amoOutbox, amoSettings } from './schema.ts';
import { accessToken, KEEP_ALIVE_MS, markRejected, REJECTED, type AmoCreds } from './tokens.ts';

// Visits → amoCRM leads through an outbox (docs/amo.md "Pushing visits"): a booking change only adds a row in its own
// transaction, so a CRM outage never blocks a booking; the delivery tick drains the rows, 7 requests a second per
// account, backing off on 429 and on errors. A row is deleted only if no change came while it was pushed.

const PER_SECOND = 7;
const BATCH = 50;
const backoffMs = (attempts: number) => Math.min(3_600_000, 2 ** Math.min(attempts, 12) * 1000);

/** The booking store's hook: queue a visit of an owner with an amoCRM connection (one statement; nothing otherwise). */
export async function queueAmoPush(tx: Tx, record: { id: number; userId: number; updatedAt: Date }): Promise<void> {
  await tx.execute(sql`
    INSERT INTO amo_outbox (record_id, connection_id, next_at)
    SELECT ${record.id}, c.id, ${record.updatedAt.toISOString()}::timestamptz FROM connections c
    WHERE c.user_id = ${record.userId} AND c.kind = 'amo' ORDER BY c.id LIMIT 1
    ON CONFLICT (record_id) DO UPDATE SET seq = amo_outbox.seq + 1, attempts = 0, next_at = excluded.next_at`);
}

/** At most `PER_SECOND` requests in any second (amoCRM's per-integration limit). */
function pacer() {
  const times: number[] = [];
  return async () => {
    for (;;) {
      const now = Date.now();
      while (times.length && now - times[0]! >= 1000) times.shift();
      if (times.length < PER_SECOND) return void times.push(now);
      await new Promise((r) => setTimeout(r, 1000 - (now - times[0]!)));
    }
  };
}

type Outcome = 'sent' | 'rateLimited' | 'rejected' | 'failed';
let keptAliveAt = -Infinity;

/** The delivery tick's amoCRM step: the keep-alive refresh (hourly) and the due pushes. Returns the visits pushed. */
export async function runAmoJobs(db: Db, config: ServerConfig): Promise<number> {
  const now = config.now();
  if (now - keptAliveAt >= 3_600_000 || now < keptAliveAt) {
    keptAliveAt = now;
    await keepAlive(db, config);
  }
  const due = await db
    .select({ recordId: amoOutbox.recordId, connectionId: amoOutbox.connectionId, seq: amoOutbox.seq, attempts: amoOutbox.attempts })
    .from(amoOutbox)
    .innerJoin(connections, eq(connections.id, amoOutbox.connectionId))
    .where(and(lte(amoOutbox.nextAt, new Date(now)), sql`${connections.lastError} IS DISTINCT FROM ${REJECTED}`))
    .orderBy(asc(amoOutbox.nextAt))
    .limit(BATCH);
  const stopped = new Set<number>();
  const paces = new Map<number, () => Promise<void>>();
  let sent = 0;
  for (const row of due) {
    if (stopped.has(row.connectionId)) continue;
    if (!paces.has(row.connectionId)) paces.set(row.connectionId, pacer());
    const outcome = await pushVisit(db, config, row.connectionId, row.recordId, paces.get(row.connectionId)!).catch((error: unknown) => {
      console.error(`amo push of visit ${row.recordId} failed: ${(error as Error).message}`);
      return 'failed' as const;
    });
    const at = config.now();
    if (outcome === 'sent') {
      sent++;
      await db.delete(amoOutbox).where(and(eq(amoOutbox.recordId, row.recordId), eq(amoOutbox.seq, row.seq)));
      await db.update(amoSettings).set({ lastPushAt: new Date(at) }).where(eq(amoSettings.connectionId, row.connectionId));
      await db.update(connections).set({ lastError: null }).where(and(eq(connections.id, row.connectionId), eq(connections.lastError, 'providerUnavailable')));
      continue;
    }
    if (outcome !== 'rejected') {
      await db.update(amoOutbox).set({ attempts: row.attempts + 1, nextAt: new Date(at + backoffMs(row.attempts)) }).where(eq(amoOutbox.recordId, row.recordId));
      if (outcome === 'failed') await db.update(connections).set({ lastError: 'providerUnavailable' }).where(and(eq(connections.id, row.connectionId), sql`${connections.lastError} IS DISTINCT FROM ${REJECTED}`));
    }
    // A 429 or a revoked token stops this account's pushes for this tick; the rest wait for the next.
    if (outcome !== 'failed') stopped.add(row.connectionId);
  }
  return sent;
}

/** Refreshes pairs not refreshed for 30 days, so the 3-month refresh token never lapses on a quiet account. */
async function keepAlive(db: Db, config: ServerConfig): Promise<void> {
  const old = await db
    .select({ id: connections.id })
    .from(connections)
    .innerJoin(connectionSecrets, eq(connectionSecrets.connectionId, connections.id))
    .where(and(eq(connections.kind, 'amo'), lte(connectionSecrets.updatedAt, new Date(config.now() - KEEP_ALIVE_MS)), sql`${connections.lastError} IS DISTINCT FROM ${REJECTED}`));
  for (const c of old) await accessToken(db, config, c.id, { force: true, seen: undefined }).catch(() => undefined);
}

/** What amoCRM should show for the visit: the lead's name, price and, when the owner mapped it, its status. */
async function leadOf(db: Db, connectionId: number, recordId: number) {
  const [record] = await db.select().from(bookingRecords).where(eq(bookingRecords.id, recordId));
  if (!record) return undefined;
  const [client] = await db.select().from(bookingClients).where(eq(bookingClients.id, record.clientId));
  const services = record.serviceIds.length ? await db.select().from(bookingServices).where(inArray(bookingServices.id, record.serviceIds)) : [];
  const zone = await businessZone(db, record.userId);
  const [settings] = await db.select().from(amoSettings).where(eq(amoSettings.connectionId, connectionId));
  const [lead] = await db.select().from(amoLeads).where(eq(amoLeads.recordId, recordId));
  const [contact] = client ? await db.select().from(amoContacts).where(and(eq(amoContacts.connectionId, connectionId), eq(amoContacts.clientId, client.id))) : [];
  const map = settings?.statusMap ?? [];
  // The visit's status moves the lead only when the lead's current status does not already mean it (no ping-pong
  // with a status change that came from amoCRM).
  const current = map.find((m) => m.statusId === lead?.statusId);
  const target = current?.visitStatus === record.status ? undefined : map.find((m) => m.visitStatus === record.status);
  return {
    record,
    client,
    lead,
    contact,
    body: {
      name: `${services.map((s) => s.title).join(', ') || 'Visit'} ${localDate(record.startAt.getTime(), zone)}`,
      price: Math.round(services.reduce((sum, s) => sum + s.price, 0)),
      ...(target ? { pipeline_id: target.pipelineId, status_id: target.statusId } : {}),
    },
  };
}

async function pushVisit(db: Db, config: ServerConfig, connectionId: number, recordId: number, pace: () => Promise<void>): Promise<Outcome> {
  const visit = await leadOf(db, connectionId, recordId);
  if (!visit) return 'sent'; // the visit is gone: nothing to push
  const token = await accessToken(db, config, connectionId);
  if ('rejected' in token) return 'rejected';
  if ('down' in token) return 'failed';
  let creds: AmoCreds = token.creds;
  const call = async (path: string, method: string, json: unknown): Promise<AmoAnswer> => {
    await pace();
    let a = await amoFetch(`${originOf(config, creds.subdomain)}${path}`, { method, json, token: creds.accessToken });
    if (!('down' in a) && a.status === 401) {
      // Expired early or refreshed elsewhere: one forced refresh, then once more.
      const again = await accessToken(db, config, connectionId, { force: true, seen: creds.accessToken });
      if ('rejected' in again) return { status: 401, body: undefined };
      if ('down' in again) return again;
      creds = again.creds;
      await pace();
      a = await amoFetch(`${originOf(config, creds.subdomain)}${path}`, { method, json, token: creds.accessToken });
      if (!('down' in a) && a.status === 401) await markRejected(db, connectionId, config.now());
    }
    return a;
  };
  const outcome = (a: AmoAnswer): Outcome | undefined =>
    'down' in a ? 'failed' : a.status === 429 ? 'rateLimited' : a.status === 401 ? 'rejected' : a.status >= 200 && a.status < 300 ? undefined : 'failed';

  if (visit.lead) {
    const a = await call(`/api/v4/leads/${visit.lead.leadId}`, 'PATCH', visit.body);
    const bad = outcome(a);
    if (bad) return bad;
    if ('status_id' in visit.body) await db.update(amoLeads).set({ statusId: visit.body.status_id }).where(eq(amoLeads.recordId, recordId));
    return 'sent';
  }
  const phone = visit.client ? `+${visit.client.phone}` : undefined;
  const contact = visit.contact
    ? { id: visit.contact.contactId }
    : { name: visit.client?.name || phone, custom_fields_values: phone ? [{ field_code: 'PHONE', values: [{ value: phone, enum_code: 'WORK' }] }] : [] };
  const a = await call('/api/v4/leads/complex', 'POST', [{ ...visit.body, _embedded: { contacts: [contact] } }]);
  const bad = outcome(a);
  if (bad) return bad;
  const created = (Array.isArray((a as { body: unknown }).body) ? (a as { body: unknown[] }).body[0] : undefined) as { id?: unknown; contact_id?: unknown } | undefined;
  if (typeof created?.id !== 'number') return 'failed';
  await db.insert(amoLeads).values({ recordId, connectionId, leadId: created.id, statusId: (visit.body as { status_id?: number }).status_id ?? null }).onConflictDoNothing();
  if (visit.client && !visit.contact && typeof created.contact_id === 'number') {
    await db.insert(amoContacts).values({ connectionId, clientId: visit.client.id, contactId: created.contact_id }).onConflictDoNothing();
  }
  return 'sent';
}
