import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ignoredPhones } from '../../../src/server/modules/phones/schema.ts';
import { isIgnored } from '../../../src/server/modules/phones/index.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

let seq = 0;
const newUser = () => server.createUser(`phones${++seq}@example.com`, 'secret1');
const add = (token: string, body: unknown) => server.call('POST', '/Phones/Ignore', { token, body });
const list = (token: string, query = '') => server.call('GET', `/Phones/Ignore${query}`, { token });

describe('owner blacklist', () => {
  it('adds a valid number in E.164 digits, lists it, and says 409 for a duplicate in any spelling', async () => {
    const user = await newUser();
    const res = await add(user.token, { phone: '+7 (999) 123-45-67', comment: 'asked to stop' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ phone: '79991234567', comment: 'asked to stop', source: 'manual', created: Math.floor(server.clock.now() / 1000) });
    const dup = await add(user.token, { phone: '79991234567' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([expect.objectContaining({ field: 'phone' })]);
    expect(dup.body).toMatchObject({ code: 'phoneAlreadyIgnored', errors: [{ field: 'phone', code: 'phoneAlreadyIgnored' }] });
    const page = await list(user.token);
    expect(page.body).toMatchObject({ page: 1, pages: 1, total: 1, items: [{ id: res.body.id, phone: '79991234567' }] });
  });

  it('rejects an invalid or missing phone with a 400 naming the field, and saves nothing', async () => {
    const user = await newUser();
    for (const body of [{ phone: '12' }, { phone: '' }, { phone: 'call me' }]) {
      const res = await add(user.token, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('phone');
    }
    expect((await add(user.token, {})).status).toBe(400);
    expect((await add(user.token, { phone: '+79991234567', extra: 1 })).status).toBe(400);
    expect((await list(user.token)).body.total).toBe(0);
  });

  it('pages and searches by digits or comment', async () => {
    const user = await newUser();
    for (let i = 0; i < 25; i++) {
      server.clock.advance(1);
      expect((await add(user.token, { phone: `+4915112345${String(i).padStart(3, '0')}`, comment: i === 7 ? 'VIP client' : '' })).status).toBe(201);
    }
    const first = await list(user.token, '?pageSize=10');
    expect(first.body).toMatchObject({ total: 25, pages: 3, page: 1 });
    expect(first.body.items[0].phone).toBe('4915112345024'); // newest first
    expect((await list(user.token, '?pageSize=10&page=3')).body.items).toHaveLength(5);
    expect((await list(user.token, `?search=${encodeURIComponent('+49 151 12345 007')}`)).body.items.map((i: any) => i.phone)).toEqual(['4915112345007']);
    expect((await list(user.token, '?search=vip')).body.total).toBe(1);
    expect((await list(user.token, '?search=nobody')).body.total).toBe(0);
  });

  it('removes only the caller own numbers; another tenant id answers 404 and changes nothing', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { body } = await add(owner.token, { phone: '+380501234567' });
    const foreign = await server.call('DELETE', `/Phones/Ignore/${body.id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await list(other.token)).body.total).toBe(0);
    expect((await list(owner.token)).body.total).toBe(1);
    const removed = await server.call('DELETE', `/Phones/Ignore/${body.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await server.call('DELETE', `/Phones/Ignore/${body.id}`, { token: owner.token })).status).toBe(404);
    expect((await list(owner.token)).body.total).toBe(0);
  });

  it('anonymous callers get 401 on every owner call', async () => {
    expect((await server.call('GET', '/Phones/Ignore')).status).toBe(401);
    expect((await server.call('POST', '/Phones/Ignore', { body: { phone: '+79991234567' } })).status).toBe(401);
    expect((await server.call('DELETE', '/Phones/Ignore/1')).status).toBe(401);
    expect((await server.call('GET', '/Phones/IgnoreLink')).status).toBe(401);
  });
});

describe('public ignore link', () => {
  it('adds to the link owner list only, idempotently, and isIgnored sees it in any spelling', async () => {
    const owner = await newUser();
    const other = await newUser();
    const link = await server.call('GET', '/Phones/IgnoreLink', { token: owner.token });
    expect(link.status).toBe(200);
    expect(link.body.path).toBe(`/il/${link.body.token}`);
    expect(link.body.token).toMatch(/^[0-9a-f]{32}[\w-]{22}$/);
    expect((await server.call('GET', '/Phones/IgnoreLink', { token: owner.token })).body.token).toBe(link.body.token); // stable
    expect((await server.call('GET', '/Phones/IgnoreLink', { token: other.token })).body.token).not.toBe(link.body.token);

    const url = `/Phones/IgnoreLink/${link.body.token}`;
    const first = await server.call('POST', url, { body: { phone: '+7 999 765-43-21' } });
    expect(first.status).toBe(200);
    const again = await server.call('POST', url, { body: { phone: '79997654321' } });
    expect(again).toMatchObject({ status: 200, body: first.body }); // reveals nothing about the list
    expect((await list(owner.token)).body.items).toEqual([expect.objectContaining({ phone: '79997654321', source: 'link' })]);
    expect((await list(other.token)).body.total).toBe(0);

    expect(await isIgnored(server.api.db, owner.id, '+7 (999) 765-43-21')).toBe(true);
    expect(await isIgnored(server.api.db, owner.id, '79997654321')).toBe(true);
    expect(await isIgnored(server.api.db, other.id, '79997654321')).toBe(false);
    expect(await isIgnored(server.api.db, owner.id, '79990000000')).toBe(false);
  });

  it('a forged, altered or unknown token answers 404; a bad phone 400 naming the field', async () => {
    const owner = await newUser();
    const { token } = (await server.call('GET', '/Phones/IgnoreLink', { token: owner.token })).body;
    const guid = token.slice(0, 32);
    const forged = `${guid}${'A'.repeat(22)}`;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [forged, flipped, 'nope', `${'0'.repeat(32)}${token.slice(32)}`]) {
      expect((await server.call('POST', `/Phones/IgnoreLink/${bad}`, { body: { phone: '+79991234567' } })).status).toBe(404);
    }
    const invalid = await server.call('POST', `/Phones/IgnoreLink/${token}`, { body: { phone: '123' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].field).toBe('phone');
    expect(invalid.body.errors[0].code).toBe('phoneInvalid');
    const rows = await server.api.db.select().from(ignoredPhones);
    expect(rows.filter((r) => r.userId === owner.id)).toHaveLength(0);
  });

  it('is rate limited per client', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_CODE_MAX: '3' } });
    try {
      const owner = await limited.createUser('limited@example.com', 'secret1');
      const { token } = (await limited.call('GET', '/Phones/IgnoreLink', { token: owner.token })).body;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.call('POST', `/Phones/IgnoreLink/${token}`, { body: { phone: `+7999123450${i}` } })).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
