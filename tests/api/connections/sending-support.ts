// Shared set-up of the sending tests (docs/connections.md "Sending and pacing"): a server routing by connection
// (DELIVERY_CHANNEL=waha) against the WAHA double, whose session events reach the server, and linked numbers.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../src/server/modules/account/schema.ts';
import { newSid, type TwilioFake } from '../../fakes/twilio-fake.ts';
import { startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import type { TestServer } from '../harness.ts';
import { deliveryServer, type Owner } from '../delivery/support.ts';

const API_KEY = 'waha-api-key';
const HMAC_KEY = 'waha-webhook-key-0123456789';

export interface Sending {
  server: TestServer;
  fake: WahaFake;
  /** A WhatsApp number of the owner, linked: its session `c<id>` scanned (the webhook marks it Connected). */
  linkedNumber(o: Owner, digits: string): Promise<number>;
  close(): Promise<void>;
}

export async function sendingServer(env: Record<string, string>, fakePerSecond: number): Promise<Sending> {
  const fake = await startWahaFake({ apiKey: API_KEY, perSecond: fakePerSecond });
  const server = await deliveryServer({ DELIVERY_CHANNEL: 'waha', WAHA_URL: fake.url, WAHA_API_KEY: API_KEY, WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY, ...env });
  fake.webhook = { url: `${server.base}/Webhooks/waha`, hmacKey: HMAC_KEY };
  return {
    server,
    fake,
    async linkedNumber(o, digits) {
      await server.api.db.update(users).set({ chatApiInstanceLimit: 5 }).where(eq(users.id, o.id));
      const added = await server.call('POST', '/Accounts/WhatsApp', { token: o.token, body: { name: digits } });
      expect(added.status).toBe(201);
      expect(await fake.scan(`c${added.body.id}`, digits)).toBe(200);
      return added.body.id as number;
    },
    async close() {
      await server.close();
      await fake.close();
    },
  };
}

/** Distinct client phones per test file (the per-chat pace would hold a second message to one chat 5 s). */
export const phones = (prefix: string) => {
  let seq = 0;
  return () => `+${prefix}${String(1_000_000 + ++seq).slice(1)}0`;
};

let twilioSeq = 0;
/** A Twilio account at the double and the owner's sender on it (`whatsapp`: its WhatsApp sender); the auth token too. */
export async function twilioSender(server: TestServer, twilio: TwilioFake, o: Owner, whatsapp = false) {
  const sid = newSid('AC');
  const token = newSid('').slice(0, 32);
  const sms = `+1415556${String(1000 + ++twilioSeq).slice(-4)}`;
  twilio.accounts.set(sid, { token, status: 'active', senders: [sms, `whatsapp:${sms}`] });
  const from = whatsapp ? `whatsapp:${sms}` : sms;
  const res = await server.call('POST', '/Accounts/Twilio', { token: o.token, body: { accountSid: sid, authToken: token, phone: from } });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, from, authToken: token };
}
