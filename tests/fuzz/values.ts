// Values for the fuzzer: ones the contract allows (biased to its edges) and hostile ones a careless or malicious
// client sends (numbers out of every range, wrong types, nulls, huge and odd strings, deep or huge containers).
import fc from 'fast-check';
import type { Schema } from './contract.ts';

/** A JSON token written as is (numbers JSON.stringify cannot spell: 1e+400, 20-digit integers). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
const raw = (text: string) => new RawJson(text);

const HUGE = 'x'.repeat(70_000);
const hostileScalars: unknown[] = [
  null, true, false, 0, -0, -1, 1.5, 2147483647, 2147483648, -2147483649, 4294967296, Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER, 1e21, raw('9007199254740993'), raw('99999999999999999999'), raw('1e+308'), raw('-1e+308'),
  raw('1e+400'), raw('1e-400'), '', ' ', '0', '-1', '2147483648', '99999999999999999999', 'NaN', 'Infinity', '1e+308',
  'null', 'undefined', 'true', '2026-02-30', '2026-13-01T00:00:00Z', '0000-00-00T00:00:00Z', '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z', 'not a date', '\u0000', '\ud800', '\u202eevil', '🙂'.repeat(50), 'é'.repeat(300), HUGE,
  '<script>alert(1)</script>', "' OR 1=1 --", '%00', '../../etc/passwd', 'http://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:22/', 'file:///etc/passwd', [], [null], {}, JSON.parse('{"__proto__":{"role":"superadmin"},"constructor":{"prototype":{"x":1}}}'),
];

/** Anything a hostile client might put where a value belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...hostileScalars) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 5_000 }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('['.repeat(200) + ']'.repeat(200))) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A path or query segment of every kind, as the text that goes into the URL (already encoded where needed). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0', '-1', '1.5', '2147483647', '2147483648', '9007199254740993', '99999999999999999999', '1e+308', 'Infinity',
    'NaN', 'abc', 'null', 'true', '%00', '%E0%A4%A', '%', '..', '.', '%2e%2e', '%2F', ' ', '%20', '+', '0x10', '1_000',
    '٣', encodeURIComponent('🙂'), encodeURIComponent("' OR 1=1 --"), 'a'.repeat(5_000), '2026-02-30',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
);

const MAX_DEPTH = 6;

function merged(schemas: Schema[], resolve: (s: Schema) => Schema): Schema {
  const out: Schema = { type: 'object', properties: {}, required: [] };
  for (const part of schemas.map(resolve)) {
    Object.assign(out.properties!, part.properties);
    out.required!.push(...(part.required ?? []));
  }
  return out;
}

function integerOf(s: Schema): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31));
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 2 ** 31 - 1);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 20) }) }, // small ids that exist
    { weight: 2, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

function stringOf(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 30, 30));
  switch (s.format) {
    case 'email': return fc.emailAddress();
    case 'date-time': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri': return fc.webUrl();
    case 'uuid': return fc.uuid();
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
    } catch {
      /* a pattern JavaScript cannot read: plain strings below */
    }
  }
  const edge = s.maxLength !== undefined ? [fc.constant('y'.repeat(s.maxLength))] : [];
  return fc.oneof(fc.string({ minLength, maxLength }), ...edge);
}

/** Values the schema allows, biased to its edges (minimum, maximum, longest string). */
export function validValue(schema: Schema, resolve: (s: Schema) => Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.allOf) return validValue(merged(s.allOf, resolve), resolve, depth);
  const choices = s.oneOf ?? s.anyOf;
  if (choices) return fc.oneof(...choices.map((c) => validValue(c, resolve, depth + 1)));
  const types = Array.isArray(s.type) ? s.type : [s.type ?? (s.properties ? 'object' : 'string')];
  return fc.oneof(...types.map((type) => ofType(type, s, resolve, depth)));
}

function ofType(type: string, s: Schema, resolve: (s: Schema) => Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': return integerOf(s);
    case 'number': return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'string': return stringOf(s);
    case 'array': {
      const maxLength = Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4));
      return fc.array(validValue(s.items ?? {}, resolve, depth + 1), { minLength: s.minItems ?? 0, maxLength });
    }
    default: {
      const properties = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(v, resolve, depth + 1)]));
      const keys = Object.keys(properties);
      const requiredKeys = (s.required ?? []).filter((k) => keys.includes(k));
      return keys.length ? fc.record(properties, { requiredKeys }) : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    }
  }
}

/** The paths of every field inside a value, nested ones too (`['settings', 'days', 0]`). */
function fieldPaths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const path = [...prefix, Array.isArray(value) ? Number(key) : key];
      out.push(path);
      if (out.length < 200) fieldPaths(inner, path, out);
    }
  }
  return out;
}

function withField(value: unknown, pick: number, change: (parent: any, key: string | number) => void): unknown {
  const copy = structuredClone(value);
  const paths = fieldPaths(copy);
  if (!paths.length) return copy;
  const path = paths[pick % paths.length]!;
  const parent = path.slice(0, -1).reduce((node: any, key) => node[key], copy);
  change(parent, path[path.length - 1]!);
  return copy;
}

/** A body: valid, or valid with one field hostile, missing or extra, or hostile as a whole. */
export function bodyValue(schema: Schema, resolve: (s: Schema) => Schema): fc.Arbitrary<unknown> {
  const valid = validValue(schema, resolve);
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 4, arbitrary: fc.tuple(valid, fc.nat(), hostileValue).map(([v, i, h]) => withField(v, i, (p, k) => { p[k] = h; })) },
    { weight: 2, arbitrary: fc.tuple(valid, fc.nat()).map(([v, i]) => withField(v, i, (p, k) => { delete p[k]; })) },
    { weight: 1, arbitrary: fc.tuple(valid, fc.string({ maxLength: 12 }), hostileValue).map(([v, k, h]) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v, [k]: h } : v)) },
    { weight: 2, arbitrary: hostileValue },
  );
}

/** JSON text of a value, with RawJson tokens spelled as they are. */
export function toJson(value: unknown): string {
  const tokens: string[] = [];
  const text = JSON.stringify(value, (_key, v) => (v instanceof RawJson ? `\u0000${tokens.push(v.text) - 1}\u0000` : v));
  return (text ?? 'null').replace(/"\\u0000(\d+)\\u0000"/g, (_m, i) => tokens[Number(i)]!);
}
