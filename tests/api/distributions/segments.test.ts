import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceSegments } from '../../../src/server/modules/distributions/schema.ts';
import type { TestServer } from '../harness.ts';
import { distributionServer, owner, type Owner } from './support.ts';

let server: TestServer;
let o: Owner;
beforeAll(async () => {
  server = await distributionServer();
  o = await owner(server);
});
afterAll(() => server.close());

const any = { from: -1, to: -1 };
const create = (body: unknown, who = o) => server.call('POST', '/Distributions/Segments', { token: who.token, body });
const list = (who = o) => server.call('GET', '/Distributions/Segments', { token: who.token });

describe('saved audiences', () => {
  it('saves filters under a name with every part present, and lists the newest first', async () => {
    const first = await create({ title: '  Regulars ', filters: { visitCount: { from: 3, to: 100 }, masters: ['Anna', ' Anna '] } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      title: 'Regulars',
      filters: { visitCount: { from: 3, to: 100 }, spend: any, lastVisitDays: any, masters: ['Anna'], services: [] },
      created: Math.floor(server.clock.now() / 1000),
    });
    server.clock.advance(60);
    const second = await create({ title: 'Lapsed', filters: { lastVisitDays: { from: 90, to: 365 } } });
    expect((await list()).body.map((s: { title: string }) => s.title)).toEqual(['Lapsed', 'Regulars']);
    expect(second.body.filters.lastVisitDays).toEqual({ from: 90, to: 365 });
  });

  it('refuses bad ranges and blank titles naming the field, saving nothing', async () => {
    const before = (await list()).body.length;
    const range = await create({ title: 'Bad', filters: { spend: { from: 500, to: 100 } } });
    expect(range.status).toBe(400);
    expect(range.body.errors[0]).toMatchObject({ field: 'filters.spend', code: 'rangeInvalid' });
    const blank = await create({ title: '   ', filters: {} });
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0].field).toBe('title');
    expect((await create({ title: 'x', filters: { colour: ['red'] } })).status).toBe(400);
    expect((await create({ filters: {} })).status).toBe(400);
    expect((await list()).body.length).toBe(before);
  });

  it('keeps each owner to their own: another owner sees none and cannot delete', async () => {
    const other = await owner(server);
    expect((await list(other)).body).toEqual([]);
    const mine = (await list()).body[0];
    const res = await server.call('DELETE', `/Distributions/Segments/${mine.id}`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('segmentNotFound');
    expect((await server.call('DELETE', `/Distributions/Segments/${mine.id}`, { token: o.token })).status).toBe(200);
    expect((await list()).body.map((s: { id: number }) => s.id)).not.toContain(mine.id);
    expect((await server.call('GET', '/Distributions/Segments')).status).toBe(401);
  });

  it('stops at 100 per owner with 409', async () => {
    const who = await owner(server);
    const at = new Date(server.clock.now());
    await server.api.db.insert(audienceSegments).values(Array.from({ length: 99 }, (_, i) => ({ userId: who.id, title: `S${i}`, filters: {}, createdAt: at })));
    expect((await create({ title: 'The 100th', filters: {} }, who)).status).toBe(201);
    const over = await create({ title: 'One too many', filters: {} }, who);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'segmentsLimit', params: { limit: 100 } });
    // Stored filters from before are read with every part present.
    expect((await list(who)).body.at(-1).filters).toEqual({ visitCount: any, spend: any, lastVisitDays: any, masters: [], services: [] });
  });
});
