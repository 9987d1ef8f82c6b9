// Messages per second through one WhatsApp number with the engine's per-number pacing on (issue 17,
// docs/connections.md "Sending and pacing"): the number's sender (its WAHA channel on session `c1`, its jittered
// pacer) sends N messages to distinct clients through the WAHA double, one after another as the pacer allows.
// Also prints the warm-up: the days a new number needs to reach the full daily cap.
//   node scripts/bench-number-pacing.ts [--messages 20] [--per-minute 20]
import { parseArgs } from 'node:util';
import { senderPool } from '../src/server/delivery/channels/senders.ts';
import { dailyCapOnDay, daysToFullCap, NUMBER_POLICY } from '../src/server/delivery/number-policy.ts';
import { startWahaFake } from '../tests/fakes/waha-fake.ts';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '20' }, 'per-minute': { type: 'string', default: '20' } } });
const n = Number(values.messages);
const perMinute = Number(values['per-minute']);
const fake = await startWahaFake({ apiKey: 'k', perSecond: 1000 });
fake.sessions.set('c1', 'WORKING');
const refuse = { name: 'waha' as const, send: async () => ({ ok: false as const, retryable: false, reason: 'unused' }) };
const pool = senderPool({ gateway: { baseUrl: fake.url, apiKey: 'k', session: 'default' }, perMinute, jitter: NUMBER_POLICY.jitter, operator: { key: 'operator', channel: refuse } });
const sender = pool.of({ channel: 'waha', connectionId: 1, session: 'c1', more: false });
const started = Date.now();
for (let i = 0; i < n; i++) {
  const to = `7916${String(1_000_000 + i).slice(1)}00`;
  await sender.pacer!.take(to);
  const result = await sender.channel.send({ idempotencyKey: `k${i}`, to, text: `Hello ${i}` });
  if (!result.ok) throw new Error(result.reason);
}
const seconds = (Date.now() - started) / 1000;
const gaps = fake.sent.slice(1).map((s, i) => s.at - fake.sent[i]!.at);
console.log(`${n} messages through one number at WAHA_PER_MINUTE=${perMinute}: ${seconds.toFixed(1)} s, ${(n / seconds).toFixed(3)} msg/s (${((n / seconds) * 60).toFixed(1)}/min); gaps ${Math.min(...gaps)}–${Math.max(...gaps)} ms, mean ${Math.round(gaps.reduce((a, b) => a + b, 0) / gaps.length)} ms`);
console.log(`warm-up: ${Array.from({ length: daysToFullCap() }, (_, d) => dailyCapOnDay(d + 1)).join(' → ')} a day: the full cap (${NUMBER_POLICY.fullDailyCap}) on day ${daysToFullCap()}`);
await fake.close();
