// Countries and the business time zone on the account calls (issue 14 point 7; docs/delivery.md "Business time zone").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../src/shared/countries.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const me = (token: string) => server.call('GET', '/Account/CurrentUser', { token });
const valid = { password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' };
const zoneOf = (token: string) => server.call('GET', '/Booking/Settings', { token }).then((r) => r.body.timeZone);

describe('time zone (GMT-12 … GMT+12)', () => {
  it('registration stores the browser offset as Etc/GMT∓N; without one the zone stays Europe/Moscow', async () => {
    const body = { ...valid, email: 'tz-minus5@example.com', timeZoneOffset: -5 };
    expect((await server.call('POST', '/account/register', { body })).status).toBe(201);
    const { token } = await server.login(body.email, body.password);
    expect((await me(token)).body).toMatchObject({ timeZone: 'Etc/GMT+5', timeZoneOffset: -5 });
    expect(await zoneOf(token)).toBe('Etc/GMT+5');

    const plain = { ...valid, email: 'tz-none@example.com' };
    expect((await server.call('POST', '/account/register', { body: plain })).status).toBe(201);
    const other = await server.login(plain.email, plain.password);
    expect((await me(other.token)).body).toMatchObject({ timeZone: 'Europe/Moscow', timeZoneOffset: 3 });
  });

  it('the profile sets an offset; a named zone from the booking settings keeps working and shows its offset', async () => {
    const user = await server.createUser('tz-profile@example.com', 'secret1');
    const set = await server.call('PATCH', '/Account/Profile', { token: user.token, body: { timeZoneOffset: 12 } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ timeZone: 'Etc/GMT-12', timeZoneOffset: 12 });
    expect((await server.call('PUT', '/Booking/Settings', { token: user.token, body: { timeZone: 'Asia/Kolkata' } })).status).toBe(200);
    expect((await me(user.token)).body).toMatchObject({ timeZone: 'Asia/Kolkata', timeZoneOffset: 5.5 });
    expect((await server.call('PATCH', '/Account/Profile', { token: user.token, body: { timeZoneOffset: 0 } })).body.timeZone).toBe('Etc/GMT');
  });

  it.each([13, -13, 2.5, 'x'])('offset %s → 400 naming timeZoneOffset, nothing changed', async (timeZoneOffset) => {
    const user = await server.createUser(`tz-bad-${String(timeZoneOffset)}@example.com`, 'secret1');
    const before = (await me(user.token)).body;
    const res = await server.call('PATCH', '/Account/Profile', { token: user.token, body: { timeZoneOffset, language: 'en' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('timeZoneOffset');
    expect((await me(user.token)).body).toEqual(before);
    const reg = await server.call('POST', '/account/register', { body: { ...valid, email: `tz-reg-${String(timeZoneOffset)}@example.com`, timeZoneOffset } });
    expect(reg.status).toBe(400);
    expect(reg.body.errors[0].field).toBe('timeZoneOffset');
  });
});

describe('countries', () => {
  it('the table holds about 200 countries with the spec ids', () => {
    expect(COUNTRIES.length).toBeGreaterThan(190);
    const id = (iso: string) => COUNTRIES.find((c) => c.iso === iso)?.id;
    expect([id('RU'), id('BY'), id('UA'), id('KZ'), id('BR')]).toEqual([1, 3, 4, 8, 55]);
  });

  it('registration and the profile accept a listed id or 0, and answer 400 countryUnknown naming countryId otherwise', async () => {
    const de = COUNTRIES.find((c) => c.iso === 'DE')!.id;
    expect((await server.call('POST', '/account/register', { body: { ...valid, email: 'c-de@example.com', countryId: de } })).status).toBe(201);
    expect((await server.call('POST', '/account/register', { body: { ...valid, email: 'c-0@example.com', countryId: 0 } })).status).toBe(201);
    const bad = await server.call('POST', '/account/register', { body: { ...valid, email: 'c-bad@example.com', countryId: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'countryUnknown', errors: [{ field: 'countryId', code: 'countryUnknown' }] });
    expect((await server.call('POST', '/account/login', { body: { email: 'c-bad@example.com', password: 'secret1' } })).status).toBe(400);

    const user = await server.createUser('c-profile@example.com', 'secret1');
    const before = (await me(user.token)).body;
    const res = await server.call('PATCH', '/Account/Profile', { token: user.token, body: { countryId: 999_999, language: 'en' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'countryId', code: 'countryUnknown' });
    expect((await me(user.token)).body).toEqual(before);
    expect((await server.call('PATCH', '/Account/Profile', { token: user.token, body: { countryId: 8 } })).body.countryId).toBe(8);
  });
});
