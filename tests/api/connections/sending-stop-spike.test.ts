// STOP replies as a block signal (issue 17, docs/connections.md "STOP replies"): a WhatsApp number whose STOP replies
// in 24 h reach 5 and 3 % of its sends then pauses (`stopSpike`), its messages wait, Resume sends them and starts
// the count afresh; a number that sent much needs a bigger share. Against the WAHA double, with the test clock.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSending } from '../../../src/server/modules/connections/sending/schema.ts';
import { emitOn, incomingMessage, type WahaFake } from '../../fakes/waha-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, flow, HOUR, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';
import { phones, sendingServer, type Sending } from './sending-support.ts';

let setup: Sending;
let server: TestServer;
let fake: WahaFake;

beforeAll(async () => {
  setup = await sendingServer({ WAHA_PER_MINUTE: '6000', DELIVERY_BATCH_SIZE: '100' }, 200);
  ({ server, fake } = setup);
}, 120_000);
afterAll(async () => setup?.close());

const clientPhone = phones('7928');
const sending = (o: Owner, id: number) => server.call('GET', `/Accounts/WhatsApp/${id}/Sending`, { token: o.token });

/** `n` notices sent through the owner's number: the phones they went to. */
async function sendMany(o: Owner, n: number): Promise<string[]> {
  const sent: string[] = [];
  for (let i = 0; i < n; i++) {
    sent.push(clientPhone());
    await book(server, o, nowSec(server) + 2 * DAY, { phone: sent.at(-1) });
  }
  await advance(server, 1);
  return sent;
}
/** Each of these clients answers STOP on the number. */
async function stops(id: number, clients: string[]) {
  for (const phone of clients) {
    server.clock.advance(1);
    expect(await emitOn(fake, `c${id}`, 'message', incomingMessage(phone.slice(1), 'СТОП'))).toBe(200);
  }
}

describe('a spike of STOP replies', () => {
  it('the fifth STOP of 18 sends pauses the number; its messages wait; Resume sends them and counts afresh', async () => {
    const o = await owner(server);
    const id = await setup.linkedNumber(o, '79280000001');
    await flow(server, o, 'newRecord');
    const sent = await sendMany(o, 18);
    await stops(id, sent.slice(0, 4));
    expect((await sending(o, id)).body).toMatchObject({ paused: false });
    await stops(id, sent.slice(4, 5));
    expect((await sending(o, id)).body).toMatchObject({ paused: true, pauseReason: 'stopSpike', pauseDetail: '5 STOP replies to 18 messages in 24 h', pausedUnixTime: nowSec(server) });

    // Paused: a new booking's notice waits for the number.
    server.clock.advance(HOUR);
    await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
    await advance(server, 1);
    expect((await messagesOf(server, o)).at(-1)).toMatchObject({ status: 'queued', reason: 'waiting: WhatsApp number paused' });

    // Resume: the message leaves; one more STOP the same day does not pause again (the count restarted).
    expect((await server.call('POST', `/Accounts/WhatsApp/${id}/Resume`, { token: o.token })).body).toMatchObject({ paused: false, pauseReason: null });
    await advance(server, 1);
    expect((await messagesOf(server, o)).at(-1)!.status).toBe('sent');
    await stops(id, sent.slice(5, 6));
    expect((await sending(o, id)).body).toMatchObject({ paused: false });
  }, 60_000);

  it('a number that sent 200 in 24 h pauses at 6 STOPs (3 %), not at 5', async () => {
    const o = await owner(server);
    const id = await setup.linkedNumber(o, '79280000002');
    // A warmed-up number (full daily cap): its warm-up began a month ago.
    await server.api.db.insert(connectionSending).values({ connectionId: id, warmupStartedAt: new Date(server.clock.now() - 30 * DAY * 1000) });
    await flow(server, o, 'newRecord');
    const sent = await sendMany(o, 200);
    expect((await messagesOf(server, o)).filter((m) => m.status === 'sent')).toHaveLength(200);
    await stops(id, sent.slice(0, 5));
    expect((await sending(o, id)).body).toMatchObject({ paused: false });
    await stops(id, sent.slice(5, 6));
    expect((await sending(o, id)).body).toMatchObject({ paused: true, pauseReason: 'stopSpike', pauseDetail: '6 STOP replies to 200 messages in 24 h' });
    const [row] = await server.api.db.select().from(connectionSending).where(eq(connectionSending.connectionId, id));
    expect(row!.pauseReason).toBe('stopSpike');
  }, 120_000);
});
