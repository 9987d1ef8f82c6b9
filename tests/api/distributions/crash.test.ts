// Crash drill of a running distribution (the delivery drill's server processes, tests/api/delivery/crash-support.ts):
// the server builds the audience, plans the day's allotment and dispatches it while it is killed with SIGKILL again
// and again. Afterwards nobody got two messages (one message and one sandbox row per recipient key), nobody planned
// is lost (every planned recipient has its message and it went out), and the caps held: exactly the daily cap went
// out today and exactly that many bought messages were spent.
import { rmSync } from 'node:fs';
import { and, eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages, sandboxMessages } from '../../../src/server/delivery/schema.ts';
import { distributionRecipients } from '../../../src/server/modules/distributions/schema.ts';
import { startServer } from '../harness.ts';
import { deliveryServer } from '../delivery/support.ts';
import { killed, serverRunner, waitUp } from '../delivery/crash-support.ts';
import { freePort } from '../../../scripts/free-port.ts';
import { addRecipients, buyMessages, combat, control, createDistribution, distOwner, messagesLeft, phones } from './support.ts';

// A day's cap above §9's 300 (the operator's DISTRIBUTION_DAILY_MAX) so that most kills land while it sends;
// PostgreSQL sends several times faster, so its day is longer.
const PG = Boolean(process.env.DATABASE_URL);
const RECIPIENTS = PG ? 5000 : 2000;
const CAP = PG ? 3000 : 600;
const BOUGHT = PG ? 4000 : 1500;
const KILLS = 5;

it('SIGKILL while a distribution plans and sends loses nobody, messages nobody twice and holds the caps', { timeout: 240_000 }, async () => {
  const setup = await deliveryServer({ SEED_DEMO: 'false', DISTRIBUTION_DAILY_MAX: String(CAP) });
  const o = await distOwner(setup);
  const d = await createDistribution(setup, o);
  await combat(setup, o, d.id);
  await setup.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { dailyCap: CAP } });
  await addRecipients(setup, d.id, phones(RECIPIENTS, 1000));
  await buyMessages(setup, o, BOUGHT);
  expect((await control(setup, o, d.id, 'Start')).body.status).toBe('InQueue');
  const { dataDir, databaseUrl } = setup;
  await setup.stop();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const run = serverRunner({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ACCESS_TOKEN_TTL_SECONDS: '3650d',
    DELIVERY_INTERVAL_MS: '5',
    DELIVERY_BATCH_SIZE: '3',
    DELIVERY_LEASE_MS: '300',
    DISTRIBUTION_DAILY_MAX: String(CAP),
  });
  const read = () =>
    fetch(`${base}/Distributions/${d.id}`, { headers: { authorization: `Bearer ${o.token}` } })
      .then((r) => r.json() as Promise<{ status: string; counts: { sent: number } }>)
      .catch(() => ({ status: '?', counts: { sent: 0 } }));
  const progress: number[] = [];
  for (let k = 0; k < KILLS; k++) {
    const child = run();
    await waitUp(port, child);
    // Die mid-dispatch: after a random number of further sends or a random moment, whichever comes first.
    const from = (await read()).counts.sent;
    const step = 5 + Math.floor(Math.random() * 30);
    const until = Date.now() + 150 + Math.random() * 600;
    while (Date.now() < until && (await read()).counts.sent < from + step) await new Promise((r) => setTimeout(r, 5));
    progress.push((await read()).counts.sent);
    child.kill('SIGKILL');
    await killed(child);
  }
  // A last run until today's allotment has gone out.
  const last = run();
  await waitUp(port, last);
  for (let i = 0; i < 600 && (await read()).counts.sent < CAP; i++) await new Promise((r) => setTimeout(r, 100));
  last.kill('SIGKILL');
  await killed(last);

  const check = await startServer({ reuse: { dataDir, databaseUrl }, env: { DELIVERY_INTERVAL_MS: '0' } });
  try {
    const db = check.api.db;
    const all = await db.select().from(messages).where(eq(messages.flowId, d.id));
    const log = await db.select().from(sandboxMessages).where(like(sandboxMessages.idempotencyKey, `dist:${d.id}:%`));
    const recipients = await db.select().from(distributionRecipients).where(eq(distributionRecipients.distributionId, d.id));
    const planned = recipients.filter((r) => r.state === 'planned');
    // Caps held: the day's cap exactly, and the bought messages spent exactly for them.
    expect(all.length).toBe(CAP);
    expect(planned.length).toBe(CAP);
    expect(recipients.filter((r) => r.state === 'pending').length).toBe(RECIPIENTS - CAP);
    expect(await messagesLeft(check, o)).toBe(BOUGHT - CAP);
    // Nobody twice: one message per key, one channel row per key.
    expect(new Set(all.map((m) => m.idempotencyKey)).size).toBe(all.length);
    expect(log.length).toBe(CAP);
    // Nobody lost: every planned recipient points at its own message, and it went out.
    const byId = new Map(all.map((m) => [m.id, m]));
    for (const r of planned) expect(byId.get(r.messageId!)?.idempotencyKey).toBe(`dist:${d.id}:${r.phone}`);
    expect(all.every((m) => m.status === 'sent')).toBe(true);
    expect(progress.filter((n) => n > 0 && n < CAP).length, `sent at each kill: ${progress.join(', ')}`).toBeGreaterThanOrEqual(2); // kills landed mid-dispatch
    const repeats = log.reduce((n, l) => n + l.sends - 1, 0);
    const [still] = await db.select().from(messages).where(and(eq(messages.flowId, d.id), eq(messages.status, 'queued')));
    expect(still).toBeUndefined();
    console.log(`distribution crash drill: ${KILLS} kills (sent at each: ${progress.join(', ')}), ${CAP} sent of ${RECIPIENTS}, ${RECIPIENTS - CAP} waiting for tomorrow, 0 lost, 0 duplicates, ${repeats} repeated sends absorbed by keys`);
  } finally {
    await check.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
