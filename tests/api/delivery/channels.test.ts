// The engine on a real provider adapter: DELIVERY_CHANNEL=waha builds the WAHA adapter from its settings (against
// the WAHA double), a booking's notice reaches the gateway exactly once, sends keep the adapter's pacing, and a
// missing setting stops the start naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivery } from '../../../src/server/delivery/engine.ts';
import { loadConfig } from '../../../src/server/platform/config.ts';
import { startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, messagesOf, nowSec, owner } from './support.ts';

const API_KEY = 'waha-secret-key';
let fake: WahaFake;
let server: TestServer;
beforeAll(async () => {
  fake = await startWahaFake({ apiKey: API_KEY });
  // A short lease: a send the per-chat pacing would hold longer than half of it is given back instead of waited for.
  server = await deliveryServer({ DELIVERY_CHANNEL: 'waha', WAHA_URL: fake.url, WAHA_API_KEY: API_KEY, WAHA_SESSION: 'default', WAHA_PER_MINUTE: '600', DELIVERY_LEASE_MS: '4000' });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('DELIVERY_CHANNEL=waha', () => {
  it('a booking notice arrives at the gateway exactly once', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord', { content: 'Hello {clientName}, see you {recordDate}' });
    await book(server, o, nowSec(server) + DAY);
    await advance(server, 1);
    await advance(server, 3600);
    expect(fake.sent.map((s) => [s.endpoint, s.session, s.chatId])).toEqual([['sendText', 'default', '79161234567@c.us']]);
    expect(fake.sent[0]!.text).toMatch(/^Hello Anna, see you \d\d\.\d\d\.2026$/);
    const [m] = await messagesOf(server, o);
    expect([m!.channel, m!.status, m!.providerMessageId]).toEqual(['waha', 'sent', fake.sent[0]!.id]);
    fake.sent.length = 0;
  });

  it('keeps the per-chat pace: a second message to the same chat waits instead of tripping the provider', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    await book(server, o, nowSec(server) + DAY, { phone: '+79160000001' });
    await book(server, o, nowSec(server) + 2 * DAY, { phone: '+79160000001' });
    const stats = await advance(server, 1);
    expect([stats.sent, stats.deferred]).toEqual([1, 1]);
    let all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.attempts])).toEqual([['sent', 1], ['queued', 0]]);
    await new Promise((r) => setTimeout(r, 5000)); // WhatsApp pace: one message per chat every 5 s
    await advance(server, 10);
    all = await messagesOf(server, o);
    expect(all.map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(fake.sent.filter((s) => s.chatId === '79160000001@c.us')).toHaveLength(2);
    expect(fake.rateLimited).toBe(0);
  }, 20_000);

  it('a missing or bad provider setting stops the start, naming it', async () => {
    const { config, db } = server.api;
    // The provider settings are read by loadConfig (the one environment schema); the engine builds from them.
    const start = async (channel: 'waha' | 'telegram', env: Record<string, string>) =>
      startDelivery({ db, config: { ...config, channels: loadConfig({ ...env, DELIVERY_CHANNEL: channel }, { jwtSecret: config.jwtSecret, dataDir: config.dataDir }).channels, delivery: { ...config.delivery, channel, intervalMs: 0 } }, engine: 'postgres' });
    await expect(start('waha', {})).rejects.toThrow(/DELIVERY_CHANNEL=waha needs WAHA_URL/);
    await expect(start('waha', { WAHA_URL: 'gateway:3000' })).rejects.toThrow(/WAHA_URL must be an http\(s\) URL/);
    await expect(start('waha', { WAHA_URL: fake.url, WAHA_PER_MINUTE: 'fast' })).rejects.toThrow(/WAHA_PER_MINUTE must be a positive number/);
    await expect(start('telegram', {})).rejects.toThrow(/DELIVERY_CHANNEL=telegram needs TELEGRAM_BOT_TOKEN/);
    const telegram = await start('telegram', { TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_API_URL: fake.url });
    expect(telegram.channel.name).toBe('telegram');
    await telegram.stop();
  });
});
