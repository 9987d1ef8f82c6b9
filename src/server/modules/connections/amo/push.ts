import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import { localDate } from '../../../delivery/time.ts';
import { businessZone } from '../../account/store.ts';
import { clientById } from '../../clients/store.ts';
import { recordsByIds, servicesByIds } from '../../booking/store.ts';
import { amoFetch, originOf, type AmoAnswer } from './api.ts';
import { claimDueOutbox, contactOf, leadOfRecord, markRejected, outboxRetry, outboxSent, saveContact, saveLead, setLeadStatus, setPushError, settingsOf, staleConnections } from './store.ts';
import { accessToken, KEEP_ALIVE_MS, type AmoCreds } from './tokens.ts';

// Visits → amoCRM leads through an outbox (docs/amo.md "Pushing visits"): a booking change only adds a row in its own
// transaction, so a CRM outage never blocks a booking; the delivery tick drains the rows, 7 requests a second per
// account, backing off on 429 and on errors. A row is deleted only if no change came while it was pushed.

const PER_SECOND = 7;
const BATCH = 50;
/** A claimed row is due again after this if the worker dies mid-push. */
const LEASE_MS = 15 * 60_000;
const backoffMs = (attempts: number) => Math.min(3_600_000, 2 ** Math.min(attempts, 12) * 1000);

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

/** `down`: amoCRM gave no usable answer (timeout, 5xx): its other visits wait for the next tick too. */
type Outcome = 'sent' | 'rateLimited' | 'rejected' | 'failed' | 'down';
let keptAliveAt = -Infinity;

/** The delivery tick's amoCRM step: the keep-alive refresh (hourly) and the due pushes. Returns the visits pushed. */
export async function runAmoJobs(db: Db, config: ServerConfig): Promise<number> {
  const now = config.now();
  if (now - keptAliveAt >= 3_600_000 || now < keptAliveAt) {
    keptAliveAt = now;
    await keepAlive(db, config);
  }
  const due = await claimDueOutbox(db, new Date(now), new Date(now + LEASE_MS), BATCH);
  const stopped = new Set<number>();
  const paces = new Map<number, () => Promise<void>>();
  let sent = 0;
  for (const row of due) {
    if (stopped.has(row.connectionId)) {
      await outboxRetry(db, row.recordId, row.attempts, new Date(config.now() + 1000)); // its turn in the next tick
      continue;
    }
    if (!paces.has(row.connectionId)) paces.set(row.connectionId, pacer());
    const outcome = await pushVisit(db, config, row.connectionId, row.recordId, paces.get(row.connectionId)!).catch((error: unknown) => {
      console.error(`amo push of visit ${row.recordId} failed: ${(error as Error).message}`);
      return 'failed' as const;
    });
    const at = config.now();
    if (outcome === 'sent') {
      sent++;
      await outboxSent(db, row, new Date(at));
      await setPushError(db, row.connectionId, null);
      continue;
    }
    if (outcome !== 'rejected') {
      await outboxRetry(db, row.recordId, row.attempts + 1, new Date(at + backoffMs(row.attempts)));
      if (outcome === 'failed' || outcome === 'down') await setPushError(db, row.connectionId, 'providerUnavailable');
    } else {
      await outboxRetry(db, row.recordId, row.attempts, new Date(at)); // waits, unclaimed, for the reconnect
    }
    // A 429, a revoked token or an account not answering stops its pushes for this tick (50 timeouts in a row would
    // hold the delivery tick for minutes); the rest wait for the next. One visit amoCRM refused (4xx) stops nothing.
    if (outcome !== 'failed') stopped.add(row.connectionId);
  }
  return sent;
}

/** Refreshes pairs not refreshed for 30 days, so the 3-month refresh token never lapses on a quiet account. */
async function keepAlive(db: Db, config: ServerConfig): Promise<void> {
  for (const id of await staleConnections(db, new Date(config.now() - KEEP_ALIVE_MS))) {
    await accessToken(db, config, id, { force: true }).catch(() => undefined);
  }
}

/** What amoCRM should show for the visit: the lead's name, price and, when the owner mapped it, its status. */
async function leadOf(db: Db, connectionId: number, recordId: number) {
  const record = (await recordsByIds(db, [recordId])).get(recordId);
  if (!record) return undefined;
  const client = await clientById(db, record.clientId);
  const services = [...(await servicesByIds(db, record.serviceIds)).values()];
  const zone = await businessZone(db, record.userId);
  const settings = await settingsOf(db, connectionId);
  const lead = await leadOfRecord(db, recordId);
  const contact = client ? await contactOf(db, connectionId, client.id) : undefined;
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
      pipeline_id: target?.pipelineId,
      status_id: target?.statusId,
    },
  };
}

async function pushVisit(db: Db, config: ServerConfig, connectionId: number, recordId: number, pace: () => Promise<void>): Promise<Outcome> {
  const visit = await leadOf(db, connectionId, recordId);
  if (!visit) return 'sent'; // the visit is gone: nothing to push
  const token = await accessToken(db, config, connectionId);
  if ('rejected' in token) return 'rejected';
  if ('down' in token) return 'down';
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
      if (!('down' in a) && a.status === 401) await markRejected(db, connectionId, new Date(config.now()));
    }
    return a;
  };
  const outcome = (a: AmoAnswer): Outcome | undefined =>
    'down' in a ? 'down' : a.status === 429 ? 'rateLimited' : a.status === 401 ? 'rejected' : a.status >= 200 && a.status < 300 ? undefined : 'failed';

  if (visit.lead) {
    const a = await call(`/api/v4/leads/${visit.lead.leadId}`, 'PATCH', visit.body);
    const bad = outcome(a);
    if (bad) return bad;
    if (visit.body.status_id !== undefined) await setLeadStatus(db, recordId, visit.body.status_id);
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
  await saveLead(db, { recordId, connectionId, leadId: created.id, statusId: visit.body.status_id ?? null });
  if (visit.client && !visit.contact && typeof created.contact_id === 'number') {
    await saveContact(db, { connectionId, clientId: visit.client.id, contactId: created.contact_id });
  }
  return 'sent';
}
