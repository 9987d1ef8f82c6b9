// One generated HTTP request per draw: path and query segments of every kind, bodies valid or broken, content types
// right, wrong or missing, signed in as the right caller, as nobody or with a junk token.
import fc from 'fast-check';
import type { Contract, Operation } from './contract.ts';
import { bodyValue, hostileSegment, toJson, validValue } from './values.ts';

export type Auth = 'right' | 'none' | 'junk';

export interface FuzzRequest {
  op: string;
  method: string;
  /** Path and query, relative to the API base (`/Flows/3?page=2`). */
  url: string;
  auth: Auth;
  junkToken?: string;
  contentType?: string;
  body?: string | Uint8Array;
}

const MALFORMED_JSON = ['{', '{"a":', '[1,]', "{'a':1}", '{"a":1}}', 'nul', '\u0000', '"unterminated', '{"a":1e999999}', '\ufeff{}'];
const WRONG_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', 'application/json; charset=utf-16', 'image/png', '*/*', ';;;'];
const JUNK_TOKENS = [
  'abc',
  'x'.repeat(5_000),
  'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwicm9sZSI6InN1cGVyYWRtaW4ifQ.', // alg none, superadmin claims
  'Bearer Bearer',
  '\u00e9\u00e9',
];

/** Bytes of a PNG header that claims 50,000 x 50,000 pixels, and other image-ish junk. */
const PNG_BOMB = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 195, 80, 0, 0, 195, 80, 8, 6, 0, 0, 0, 0, 0, 0, 0]);
const JPEG_START = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);

const segment = (arb: fc.Arbitrary<unknown>) => arb.map((v) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v)));

function pathOf(op: Operation, contract: Contract): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'path');
  const values = params.map((p) => fc.oneof({ weight: 3, arbitrary: segment(validValue(p.schema, contract.resolve)) }, { weight: 2, arbitrary: hostileSegment }));
  return fc.tuple(...values).map((vs) => params.reduce((path, p, i) => path.replace(`{${p.name}}`, vs[i]!), op.path));
}

function queryOf(op: Operation, contract: Contract): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const values = params.map((p) =>
    fc.option(fc.oneof({ weight: 3, arbitrary: segment(validValue(p.schema, contract.resolve)) }, { weight: 2, arbitrary: hostileSegment }), { freq: 2 }),
  );
  const extra = fc.option(fc.constantFrom('page=1&page=2', 'unknown=1', '__proto__=x', 'search[]=a', '=', '&&&', 'a=%'), { freq: 6 });
  return fc.tuple(fc.tuple(...values), extra).map(([vs, more]) => {
    const pairs = params.flatMap((p, i) => (vs[i] == null ? [] : [`${encodeURIComponent(p.name)}=${vs[i]}`]));
    if (more) pairs.push(more);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

type Body = Pick<FuzzRequest, 'contentType' | 'body'>;

function jsonBody(op: Operation, contract: Contract): fc.Arbitrary<Body> {
  const value = bodyValue(op.body!.schema, contract.resolve).map(toJson);
  return fc.oneof(
    { weight: 12, arbitrary: value.map((body) => ({ contentType: 'application/json', body })) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((body) => ({ contentType: 'application/json', body })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...WRONG_TYPES), value).map(([contentType, body]) => ({ contentType, body })) },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', body: '' }) },
  );
}

function binaryBody(op: Operation): fc.Arbitrary<Body> {
  const type = op.body!.type;
  return fc.oneof(
    fc.uint8Array({ maxLength: 64 }).map((body) => ({ contentType: type, body })),
    fc.constantFrom(PNG_BOMB, JPEG_START, new Uint8Array(0)).map((body) => ({ contentType: type, body })),
    fc.constantFrom(...WRONG_TYPES).map((contentType) => ({ contentType, body: PNG_BOMB })),
    fc.constant({ contentType: 'application/json', body: '{"image":"http://169.254.169.254/"}' }),
  );
}

/** Calls that take no body get none, mostly; sometimes a body or a content type anyway. */
const noBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/json' }) },
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', body: '' }) },
  { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON, '{}', '[]').map((body) => ({ contentType: 'application/json', body })) },
  { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES).map((contentType) => ({ contentType, body: 'x' })) },
);

export function requestOf(op: Operation, contract: Contract): fc.Arbitrary<FuzzRequest> {
  const body = !op.body ? noBody : op.body.type.includes('json') ? jsonBody(op, contract) : binaryBody(op);
  const auth = fc.oneof(
    { weight: 10, arbitrary: fc.constant<[Auth, string?]>(['right']) },
    { weight: 1, arbitrary: fc.constant<[Auth, string?]>(['none']) },
    { weight: 1, arbitrary: fc.constantFrom(...JUNK_TOKENS).map((t): [Auth, string?] => ['junk', t]) },
  );
  return fc.record({ path: pathOf(op, contract), query: queryOf(op, contract), body, auth }).map(({ path, query, body: b, auth: [mode, junk] }) => ({
    op: op.id,
    method: op.method,
    url: path + query,
    auth: mode,
    ...(junk ? { junkToken: junk } : {}),
    ...b,
  }));
}
