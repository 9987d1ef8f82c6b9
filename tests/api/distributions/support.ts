// Shared set-up of the distributions audience tests: an owner, a distribution written straight into its tables (the
// lifecycle's own calls are tested elsewhere), uploads of a phone table, fixtures of clients, bookings and messages.
import { eq } from 'drizzle-orm';
import { defaultFields } from '../../../src/shared/flows/types.ts';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { distributions } from '../../../src/server/modules/distributions/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

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
