// What the contract fuzzer found answered 500 (issue 14), pinned as examples of each class: out-of-range integers,
// bodies with no or another media type, NUL characters, router refusals, bodies with no known field, and a
// register body whose clientHost is not text reaching the form check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServer({ env: { DELIVERY_INTERVAL_MS: '0' } });
  token = (await server.createUser('guard@example.com', 'secret1')).token;
});
afterAll(async () => server?.close());

const raw = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  fetch(server.base + path, { method, headers: { authorization: `Bearer ${token}`, ...headers }, body }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

describe('inputs the contract does not allow never reach a handler', () => {
  it('ids past int32 are refused by the contract, not by SQL', async () => {
    for (const id of ['2147483648', '9007199254740993', '99999999999999999999', '1e+308', 'Infinity']) {
      const res = await raw('GET', `/Flows/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field: 'flowId' });
    }
    expect((await raw('GET', '/Flows?page=2147483648')).body).toMatchObject({ code: 'outOfRange', errors: [{ field: 'page' }] });
  });

  it('a body that must be JSON: missing is a 400 naming it, another media type a 415', async () => {
    expect(await raw('POST', '/Phones/Ignore')).toMatchObject({ status: 400, body: { code: 'required', errors: [{ field: 'body', code: 'required' }] } });
    expect(await raw('POST', '/Phones/Ignore', { 'content-type': 'text/plain' }, '{"phone":"+79991234567"}')).toMatchObject({
      status: 415,
      body: { code: 'unsupportedMediaType', errors: [{ field: 'body' }] },
    });
    expect(await raw('POST', '/Phones/Ignore', { 'content-type': 'application/json' }, 'null')).toMatchObject({ status: 400 });
  });

  it('a JSON body is never coerced: null or text where a number or boolean belongs is a 400 naming the field', async () => {
    const json = { 'content-type': 'application/json' };
    for (const [field, value] of [['timeZoneOffset', null], ['timeZoneOffset', '3'], ['notSendWeeklyIikoReports', 'true'], ['countryId', '1']] as const) {
      const res = await raw('PATCH', '/Account/Profile', json, JSON.stringify({ [field]: value }));
      expect(res, `${field}: ${JSON.stringify(value)}`).toMatchObject({ status: 400, body: { errors: [{ field }] } });
    }
    const me = await raw('GET', '/Account/CurrentUser');
    expect(me.body).toMatchObject({ timeZoneOffset: 3, notSendWeeklyIikoReports: false });
    // Query strings are text: their numbers are still read as numbers.
    expect((await raw('GET', '/Flows?page=1')).status).toBe(200);
  });

  it('a NUL character is refused naming its field, in a body, a query or a path', async () => {
    const body = await raw('POST', '/Booking/Masters', { 'content-type': 'application/json' }, JSON.stringify({ name: 'Anna\u0000' }));
    expect(body).toMatchObject({ status: 400, body: { code: 'invalidCharacter', errors: [{ field: 'name', code: 'invalidCharacter' }] } });
    expect((await raw('GET', '/Flows?search=%00')).body).toMatchObject({ code: 'invalidCharacter', errors: [{ field: 'search' }] });
  });

  it('the router refuses broken escapes and over-long segments as problems', async () => {
    expect(await raw('GET', '/Flows/%E0%A4%A')).toMatchObject({ status: 400, body: { status: 400, code: 'addressInvalid' } });
    expect(await raw('GET', `/Flows/${'a'.repeat(500)}`)).toMatchObject({ status: 414, body: { status: 414, code: 'pathTooLong' } });
  });

  it('a profile change with no known field, and a register body whose clientHost is not text, are 400s', async () => {
    expect((await raw('PATCH', '/Account/Profile', { 'content-type': 'application/json' }, '{"a":1e999999}')).status).toBe(400);
    for (const clientHost of [{}, [], [1, 2]]) {
      const res = await server.call('POST', '/account/register', { body: { email: 'x', password: 'y', confirmPassword: 'y', phone: '1', clientHost } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBeTypeOf('string');
    }
  });
});
