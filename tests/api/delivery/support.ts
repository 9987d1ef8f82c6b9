// Shared set-up of the delivery tests: a server whose dispatcher runs only when the test says (DELIVERY_INTERVAL_MS=0),
// an owner with the test tariff (every flow kind), flows started through the API, and readers of the message log.
import { asc, eq } from 'drizzle-orm';
import type { Channel, OutgoingMessage, SendResult } from '../../../src/server/delivery/channels/channel.ts';
import { messages, sandboxMessages } from '../../../src/server/delivery/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

export const HOUR = 3600;
export const DAY = 86400;

export async function deliveryServer(env: Record<string, string> = {}): Promise<TestServer> {
  // Tokens outlive the moved clock: the tests jump days ahead between calls.
  return startServer({ env: { DELIVERY_INTERVAL_MS: '0', ACCESS_TOKEN_TTL_SECONDS: '3650d', ...env } });
}

export interface Owner {
  id: number;
  token: string;
}

let seq = 0;
/** A new business owner (phone +79991112233) holding the test tariff 2, which opens every flow kind. */
export async function owner(server: TestServer): Promise<Owner> {
  const user = await server.createUser(`owner${++seq}-${Date.now()}@example.com`, 'secret12');
  const now = Math.floor(server.clock.now() / 1000);
  await server.api.db.insert(payments).values({ publicId: crypto.randomUUID(), userId: user.id, tariff: 2, dateBegin: now - DAY, dateEnd: now + 3650 * DAY, createdAt: new Date(server.clock.now()) });
  return { id: user.id, token: user.token };
}

/** Creates and starts a flow; `fields` are FlowInput fields (mode, sendingHours, delayMinutes, …). */
export async function flow(server: TestServer, o: Owner, type: string, fields: Record<string, unknown> = {}): Promise<number> {
  const created = await server.call('POST', '/Flows', {
    token: o.token,
    body: { title: `${type} flow`, content: `Hello {clientName}, ${type} {recordDate} {recordTime}`, type, mode: 'combat', sendingHours: { from: 0, to: 24 }, ...fields },
  });
  if (created.status !== 201) throw new Error(`create flow: ${created.status} ${JSON.stringify(created.body)}`);
  const started = await server.call('POST', `/Flows/${created.body.id}/Resume`, { token: o.token });
  if (started.status !== 200) throw new Error(`resume flow: ${started.status} ${JSON.stringify(started.body)}`);
  return created.body.id as number;
}

export async function book(server: TestServer, o: Owner, startUnixTime: number, extra: Record<string, unknown> = {}) {
  const res = await server.call('POST', '/Booking/Records', { token: o.token, body: { phone: '+79161234567', name: 'Anna', startUnixTime, ...extra } });
  if (res.status !== 201) throw new Error(`book: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; clientId: number; version: number };
}

export const nowSec = (server: TestServer) => Math.floor(server.clock.now() / 1000);

/** Every message of the owner, oldest first. */
export const messagesOf = (server: TestServer, o: Owner) => server.api.db.select().from(messages).where(eq(messages.userId, o.id)).orderBy(asc(messages.id));

export const sandboxLog = (server: TestServer) => server.api.db.select().from(sandboxMessages).orderBy(asc(sandboxMessages.id));

/** Moves the clock and runs the engine (planner tick + dispatch until nothing is due). */
export async function advance(server: TestServer, seconds: number) {
  server.clock.advance(seconds);
  return server.api.delivery.tick();
}

/** A provider fake that records every send and answers `answer(message)`, or a success when that gives nothing. */
export function fakeChannel(answer: (message: OutgoingMessage) => SendResult | undefined = () => undefined): Channel & { calls: OutgoingMessage[] } {
  const calls: OutgoingMessage[] = [];
  return {
    name: 'sandbox',
    calls,
    async send(message) {
      calls.push(message);
      return answer(message) ?? { ok: true, providerMessageId: `p-${calls.length}` };
    },
  };
}
