// Shared set-up of the distribution tests. The audience tests: an owner, a distribution written straight into its
// tables, uploads of a phone table. The lifecycle tests: an owner with tariff 13 (or none), recipients written as the
// table import leaves them, bought messages, and readers of a distribution's messages.
import { asc, eq, sql } from 'drizzle-orm';
import { messages } from '../../../src/server/delivery/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { users } from '../../../src/server/modules/account/schema.ts';
import { defaultFields } from '../../../src/shared/flows/types.ts';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { distributionRecipients, distributions } from '../../../src/server/modules/distributions/schema.ts';
import { startServer, type TestServer } from '../harness.ts';
import { DAY } from '../delivery/support.ts';

export interface Owner {
  id: number;
  token: string;
}

let seq = 0;
export async function distributionServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startServer({ env: { DELIVERY_INTERVAL_MS: '0', ACCESS_TOKEN_TTL_SECONDS: '3650d', ...env } });
}

export async function owner(server: TestServer): Promise<Owner> {
  const user = await server.createUser(`dist${++seq}-${Date.now()}@example.com`, 'secret12');
  return { id: user.id, token: user.token };
}

/** A paused test-mode distribution of the owner; `fields` are the distribution's own columns. */
export async function distribution(server: TestServer, o: Owner, fields: Partial<typeof distributions.$inferInsert> = {}, flow: Partial<typeof flows.$inferInsert> = {}): Promise<number> {
  const at = new Date(server.clock.now());
  const { title: _t, content: _c, type: _k, mode, testPhones, endDate: _e, ...settings } = { title: '', content: '', ...defaultFields('distribution') };
  const [row] = await server.api.db
    .insert(flows)
    .values({ userId: o.id, title: 'Sale', content: 'Hello {clientName}', type: 'distribution', mode, testPhones, settings: { ...settings, sendingHours: { from: -1, to: -1 } }, createdAt: at, editedAt: at, ...flow })
    .returning({ id: flows.id });
  await server.api.db.insert(distributions).values({ flowId: row!.id, userId: o.id, ...fields });
  return row!.id;
}

export const setFlow = (server: TestServer, id: number, changes: Partial<typeof flows.$inferInsert>) => server.api.db.update(flows).set(changes).where(eq(flows.id, id));
export const setDistribution = (server: TestServer, id: number, changes: Partial<typeof distributions.$inferInsert>) =>
  server.api.db.update(distributions).set(changes).where(eq(distributions.flowId, id));

/** PUT of a raw file body (`contentType` as a browser would send it). */
export async function upload(server: TestServer, o: Owner, id: number, body: string | Uint8Array, contentType: string, fileName?: string) {
  const query = fileName ? `?fileName=${encodeURIComponent(fileName)}` : '';
  const res = await fetch(`${server.base}/Distributions/${id}/Recipients${query}`, {
    method: 'PUT',
    headers: { 'content-type': contentType, authorization: `Bearer ${o.token}` },
    body: typeof body === 'string' ? body : Buffer.from(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export const paste = (server: TestServer, o: Owner, id: number, text: string) => server.call('PUT', `/Distributions/${id}/Recipients`, { token: o.token, body: { text } });

/** A business owner; `tariff` null = none bought. */
export async function distOwner(server: TestServer, tariff: number | null = 13): Promise<Owner> {
  const user = await server.createUser(`dist${++seq}-${Date.now()}@example.com`, 'secret12');
  const now = Math.floor(server.clock.now() / 1000);
  if (tariff !== null) {
    await server.api.db.insert(payments).values({ publicId: crypto.randomUUID(), userId: user.id, tariff, dateBegin: now - DAY, dateEnd: now + 3650 * DAY, createdAt: new Date(server.clock.now()) });
  }
  return { id: user.id, token: user.token };
}

export async function createDistribution(server: TestServer, o: Owner, body: Record<string, unknown> = {}) {
  const res = await server.call('POST', '/Distributions', { token: o.token, body });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; [k: string]: any };
}

/** Recipient rows as an imported table leaves them (phones as E.164 digits, rows 1-based). */
export async function addRecipients(server: TestServer, id: number, phones: string[]) {
  await server.api.db.insert(distributionRecipients).values(phones.map((phone, i) => ({ distributionId: id, phone, name: `Name ${i + 1}`, row: i + 1 })));
}

export const phones = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `7916${String(1000000 + from + i).slice(1)}`.padEnd(11, '0'));

export async function buyMessages(server: TestServer, o: Owner, n: number) {
  await server.api.db.update(users).set({ distributionMessages: n }).where(eq(users.id, o.id));
}

export async function messagesLeft(server: TestServer, o: Owner) {
  const [row] = await server.api.db.select({ n: users.distributionMessages }).from(users).where(eq(users.id, o.id));
  return row!.n;
}

export const distMessages = (server: TestServer, id: number) => server.api.db.select().from(messages).where(eq(messages.flowId, id)).orderBy(asc(messages.id));

export async function recipientStates(server: TestServer, id: number) {
  const rows = await server.api.db.select().from(distributionRecipients).where(eq(distributionRecipients.distributionId, id)).orderBy(asc(distributionRecipients.id));
  return rows;
}

/** To combat mode, all-day hours (the flow's own PATCH, as the editor does). */
export async function combat(server: TestServer, o: Owner, id: number, extra: Record<string, unknown> = {}) {
  const res = await server.call('PATCH', `/Flows/${id}`, { token: o.token, body: { mode: 'combat', sendingHours: { from: 0, to: 24 }, ...extra } });
  if (res.status !== 200) throw new Error(`patch flow: ${res.status} ${JSON.stringify(res.body)}`);
}

export const control = (server: TestServer, o: Owner, id: number, action: string) => server.call('POST', `/Distributions/${id}/${action}`, { token: o.token });
export const get = async (server: TestServer, o: Owner, id: number) => (await server.call('GET', `/Distributions/${id}`, { token: o.token })).body;
export { sql };
