import { eq, sql } from 'drizzle-orm';
import { it } from 'vitest';
import { bookingClients } from '../../../src/server/modules/clients/schema.ts';
import { conversationMessages, conversations } from '../../../src/server/modules/conversations/schema.ts';
import { ignoredPhones, subscribers } from '../../../src/server/modules/phones/schema.ts';
import { buildAudience } from '../../../src/server/modules/distributions/audience.ts';
import { distributions } from '../../../src/server/modules/distributions/schema.ts';
import { distribution, distributionServer, owner, paste } from './support.ts';
// The audience at scale (docs/distributions.md "Audience from the client base"): not part of the suite; run it with
//   BENCH_AUDIENCE=1 [BENCH_N=100000] [DATABASE_URL=…] npx vitest run --project api tests/api/distributions/audience-bench.test.ts
// and read the `BENCH` lines: preview, each build statement, the build, a filtered page, the export, a 100 000-row import.
const N = Number(process.env.BENCH_N ?? 100_000);
it.skipIf(!process.env.BENCH_AUDIENCE)('builds, previews, lists, exports and imports an audience of N', async () => {
  const server = await distributionServer();
  const o = await owner(server);
  const at = new Date(server.clock.now());
  const ph = (i: number) => `7917${String(1_000_000 + i)}`;
  for (let i = 0; i < N; i += 5000) {
    await server.api.db.insert(bookingClients).values(Array.from({ length: 5000 }, (_, k) => ({ userId: o.id, phone: ph(i + k), name: `C${i + k}`, visitCount: (i + k) % 5, spend: (i + k) % 1000, createdAt: at })));
  }
  await server.api.db.insert(ignoredPhones).values(Array.from({ length: 1000 }, (_, k) => ({ userId: o.id, phone: ph(k * 50), createdAt: at })));
  await server.api.db.insert(subscribers).values(Array.from({ length: 1000 }, (_, k) => ({ userId: o.id, channel: 'waha' as const, phone: ph(k * 50 + 1), status: 'unsubscribed' as const, createdAt: at, updatedAt: at })));
  await server.api.db.insert(subscribers).values(Array.from({ length: 1000 }, (_, k) => ({ userId: o.id, channel: 'sandbox' as const, phone: `7918${String(1_000_000 + k)}`, status: 'active' as const, createdAt: at, updatedAt: at })));
  for (let i = 0; i < N / 2; i += 5000) {
    const cs = await server.api.db.insert(conversations).values(Array.from({ length: 5000 }, (_, k) => ({ userId: o.id, channel: 'waha' as const, inbox: 'c1', peer: ph(i + k), phone: ph(i + k), lastMessageAt: at, createdAt: at }))).returning({ id: conversations.id });
    await server.api.db.insert(conversationMessages).values(cs.map((c, k) => ({ conversationId: c.id, inbox: 'c1', direction: 'in' as const, text: 'hi', providerMessageId: `p${i + k}`, receivedAt: at })));
  }
  await server.api.db.execute(sql`ANALYZE`);
  const any = { from: -1, to: -1 };
  const id = await distribution(server, o, { source: 'clients', filters: { visitCount: any, spend: any, lastVisitDays: any, masters: [], services: [] }, useSubscribed: true, ignoreNoDialogue: true });
  let t = Date.now();
  const p = await server.call('GET', `/Distributions/${id}/Preview`, { token: o.token });
  console.log('BENCH preview ms', Date.now() - t, JSON.stringify(p.body));
  const [row] = await server.api.db.select().from(distributions).where(eq(distributions.flowId, id));
  t = Date.now();
  const r = await server.api.db.transaction(async (tx: any) => {
    const ex = tx.execute.bind(tx);
    tx.execute = async (q: any) => { const s = Date.now(); const res = await ex(q); console.log('BENCH stmt ms', Date.now() - s); return res; };
    return buildAudience(tx, row!, at);
  });
  console.log('BENCH build ms', Date.now() - t, JSON.stringify(r));
  t = Date.now();
  const list = await server.call('GET', `/Distributions/${id}/Recipients?status=skipped&pageSize=50`, { token: o.token });
  console.log('BENCH list skipped ms', Date.now() - t, list.body.total);
  t = Date.now();
  const res = await fetch(`${server.base}/Distributions/${id}/Recipients/Export`, { headers: { authorization: `Bearer ${o.token}` } });
  const text = await res.text();
  console.log('BENCH export ms', Date.now() - t, text.length);
  const tid = await distribution(server, o);
  const table = Array.from({ length: N }, (_, i) => `+${ph(i)},Name ${i}`).join('\n');
  t = Date.now();
  const imp = await paste(server, o, tid, table);
  console.log('BENCH import ms', Date.now() - t, JSON.stringify(imp.body.table));
  const plan = await server.api.db.execute(sql`EXPLAIN ANALYZE SELECT count(*) FROM distribution_recipients p WHERE p.distribution_id = ${id} AND EXISTS (SELECT 1 FROM ignored_phones ip WHERE ip.user_id = ${o.id} AND ip.phone = p.phone)`);
  console.log('BENCH plan', JSON.stringify((plan as any).rows.map((x: any) => x['QUERY PLAN'])));
  await server.close();
}, 900_000);
