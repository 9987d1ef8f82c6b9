import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPacer } from '../../../src/server/delivery/channels/pacing.ts';
import { createWahaChannel } from '../../../src/server/delivery/channels/waha.ts';
import { wahaOptionsFromEnv } from '../../../src/server/platform/config.ts';
import { startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import { sendPaced } from '../../fakes/http-fake.ts';

const KEY = 'waha-secret-key';
let fake: WahaFake;
beforeAll(async () => {
  fake = await startWahaFake({ apiKey: KEY, perSecond: 20 });
});
afterAll(async () => fake?.close());
beforeEach(() => {
  fake.sent.length = 0;
  fake.sessions.clear();
  fake.sessions.set('default', 'WORKING');
  fake.delayMs = 0;
  fake.failNext(0, 500);
  fake.rateLimited = 0;
});

const channel = (over: { apiKey?: string; session?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  createWahaChannel({ baseUrl: fake.url, apiKey: KEY, session: 'default', ...over });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
let seq = 0;
const message = (to: string, over: Record<string, unknown> = {}) => ({ idempotencyKey: `k${++seq}`, to, text: 'Hello', ...over });

describe('sending', () => {
  it('sends text to <digits>@c.us keeping WhatsApp markup, simple answers as numbered options', async () => {
    const result = await channel().send(message('79991234567', { text: 'Visit *tomorrow* _10:00_', buttons: ['Confirm', 'Cancel'] }));
    expect(result).toEqual({ ok: true, providerMessageId: fake.sent[0]!.id });
    expect(fake.sent[0]).toMatchObject({ endpoint: 'sendText', session: 'default', chatId: '79991234567@c.us', text: 'Visit *tomorrow* _10:00_\n\n1. Confirm\n2. Cancel' });
  });

  it('sends the stored image as base64 bytes with the text as caption, never an address', async () => {
    const image = { data: new Uint8Array(PNG), mimetype: 'image/png' as const, filename: 'flow-7.png' };
    expect((await channel().send(message('5511999990001', { image, text: 'Promo' }))).ok).toBe(true);
    expect(fake.sent[0]).toMatchObject({ endpoint: 'sendImage', text: 'Promo', file: { mimetype: 'image/png', filename: 'flow-7.png' } });
    expect(fake.sent[0]!.file).not.toHaveProperty('url');
    expect(Buffer.from(fake.sent[0]!.file!.data!, 'base64').equals(PNG)).toBe(true);
  });

  it('the double refuses a file address and bytes that are not the declared image', async () => {
    const post = (file: Record<string, unknown>) =>
      fetch(`${fake.url}/api/sendImage`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': KEY }, body: JSON.stringify({ session: 'default', chatId: '5511999990001@c.us', file }) });
    expect((await post({ url: 'http://169.254.169.254/latest/meta-data/', mimetype: 'image/png' })).status).toBe(400);
    expect((await post({ data: Buffer.from('<svg/>').toString('base64'), mimetype: 'image/png' })).status).toBe(400);
    expect((await post({ data: PNG.toString('base64'), mimetype: 'image/jpeg' })).status).toBe(400);
    expect(fake.sent).toEqual([]);
  });
});

describe('errors', () => {
  it('maps gateway answers to retryable or final failures', async () => {
    expect(await channel({ apiKey: 'wrong' }).send(message('79991234567'))).toEqual({ ok: false, retryable: false, reason: 'gateway rejected the API key' });
    expect(await channel({ session: 'other' }).send(message('79991234567'))).toEqual({ ok: false, retryable: false, reason: 'session not found' });
    fake.sessions.set('default', 'SCAN_QR_CODE');
    expect(await channel().send(message('79991234567'))).toEqual({ ok: false, retryable: false, reason: 'session not working (SCAN_QR_CODE)' });
    fake.sessions.set('default', 'STARTING');
    expect(await channel().send(message('79991234567'))).toEqual({ ok: false, retryable: true, reason: 'session starting', retryAfterMs: 30_000 });
    fake.sessions.set('default', 'WORKING');
    expect(await channel().send(message('+7 999'))).toEqual({ ok: false, retryable: false, reason: 'invalid recipient' });
    fake.failNext(1, 503);
    expect(await channel().send(message('79991234567'))).toEqual({ ok: false, retryable: true, reason: 'provider error 503' });
    expect(fake.sent).toHaveLength(0);
  });

  it('over the per-session limit: retryable with Retry-After in ms', async () => {
    fake.sessions.set('burst', 'WORKING'); // its own session: limits are per session
    const ch = channel({ session: 'burst' });
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => ch.send(message(String(79990000000 + i)))));
    const limited = results.filter((r) => !r.ok);
    expect(fake.sent).toHaveLength(20);
    expect(limited).toHaveLength(5);
    expect(limited[0]).toEqual({ ok: false, retryable: true, reason: 'rate limited', retryAfterMs: 1000 });
  });

  it('timeouts are retryable but ambiguous (may have been delivered); a refused connection is a safe retry', async () => {
    fake.delayMs = 500;
    expect(await channel({ timeoutMs: 100 }).send(message('79991234567'))).toEqual({ ok: false, retryable: true, reason: 'timeout', ambiguous: true });
    // The gateway still delivers what a timed-out call asked for: a timeout means "outcome unknown" (docs/channels.md).
    fake.delayMs = 0;
    await new Promise((r) => setTimeout(r, 600));
    expect(fake.sent).toHaveLength(1);
    fake.sent.length = 0;
    expect(await channel({ baseUrl: 'http://127.0.0.1:9' }).send(message('79991234567'))).toEqual({ ok: false, retryable: true, reason: 'network error' });
  });

  it('a connection cut after the request was read is ambiguous; a refused one is not', async () => {
    const cutter = createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((r) => cutter.listen(0, '127.0.0.1', r));
    const { port } = cutter.address() as AddressInfo;
    try {
      expect(await channel({ baseUrl: `http://127.0.0.1:${port}` }).send(message('79991234567'))).toEqual({ ok: false, retryable: true, reason: 'network error', ambiguous: true });
    } finally {
      await new Promise((r) => cutter.close(r));
    }
    expect(await channel({ baseUrl: `http://127.0.0.1:${port}` }).send(message('79991234567'))).toEqual({ ok: false, retryable: true, reason: 'network error' });
  });

  it('reads its settings from the environment', () => {
    expect(wahaOptionsFromEnv({})).toBeUndefined();
    expect(wahaOptionsFromEnv({ WAHA_URL: 'http://127.0.0.1:3000', WAHA_API_KEY: 'k' })).toEqual({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'k', session: 'default', timeoutMs: 15_000 });
  });
});

describe('pacing', () => {
  it('100 messages through the pacer stay under the session limit', async () => {
    fake.sessions.set('paced', 'WORKING');
    const pacer = createPacer([{ scope: 'account', perSecond: 18, burst: 1 }]);
    const ch = channel({ session: 'paced' });
    const started = Date.now();
    // Four concurrent workers sharing one pacer, as the engine's dispatcher would.
    const queue = Array.from({ length: 100 }, (_, i) => String(79990000000 + (i % 40)));
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let to = queue.shift(); to; to = queue.shift()) {
          const { result, refused } = await sendPaced(pacer, to, () => ch.send(message(to)));
          expect(result.ok).toBe(true);
          expect(refused).toBeLessThanOrEqual(1);
        }
      }),
    );
    expect(fake.sent).toHaveLength(100);
    // Arrival jitter on a loaded machine may cost a 429, which is paused for and then goes through, never resent blindly.
    expect(fake.rateLimited).toBeLessThan(100);
    console.log(`waha: 100 paced messages in ${((Date.now() - started) / 1000).toFixed(1)} s, ${fake.rateLimited} rate-limited`);
  }, 30_000);
});
