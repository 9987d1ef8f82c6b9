// Every value a client sends is bounded in the contract, so the validator stops it before any handler or SQL sees it:
// integers and numbers have a minimum and a maximum, strings a maxLength (or an enum or a bounded format), arrays a
// maxItems, objects say whether unknown fields are allowed. A new operation that forgets one fails here, naming the place.
import { describe, expect, it } from 'vitest';
import { loadContract, type Schema } from '../../fuzz/contract.ts';

const BOUNDED_FORMATS = new Set(['date', 'date-time', 'uuid']);

function unbounded(schema: Schema, resolve: (s: Schema) => Schema, where: string, seen = new Set<Schema>(), part = false): string[] {
  const s = resolve(schema);
  if (seen.has(s)) return [];
  seen.add(s);
  const out: string[] = [];
  const nested = (inner: Schema | undefined, suffix: string, isPart = false) => (inner ? out.push(...unbounded(inner, resolve, where + suffix, seen, isPart)) : 0);
  // Parts of an allOf are closed by the whole (unevaluatedProperties) or by themselves.
  for (const inner of s.allOf ?? []) nested(inner, '', true);
  for (const inner of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) nested(inner, '');
  if (s.enum || s.const !== undefined) return out;
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  for (const type of types) {
    if ((type === 'integer' || type === 'number') && (s.minimum === undefined || s.maximum === undefined)) out.push(`${where}: ${type} without minimum and maximum`);
    if (type === 'string' && s.maxLength === undefined && !BOUNDED_FORMATS.has(s.format ?? '')) out.push(`${where}: string without maxLength`);
    if (type === 'array') {
      if (s.maxItems === undefined) out.push(`${where}: array without maxItems`);
      nested(s.items, '[]');
    }
  }
  const closed = s.additionalProperties !== undefined || (s as { unevaluatedProperties?: unknown }).unevaluatedProperties !== undefined;
  // An allOf is an object only when one of its parts is (a described reference to an array is not).
  const objectParts = (s.allOf ?? []).map(resolve).filter((inner) => inner.properties || inner.type === 'object');
  if ((s.properties || objectParts.length) && !closed && !part && !objectParts.some((inner) => inner.additionalProperties === false)) out.push(`${where}: object open to unknown fields (set additionalProperties)`);
  for (const [key, inner] of Object.entries(s.properties ?? {})) nested(inner, `.${key}`);
  if (typeof s.additionalProperties === 'object') nested(s.additionalProperties, '.*');
  return out;
}

describe('the contract bounds every input', () => {
  const contract = loadContract();
  it('parameters and request bodies of every operation', () => {
    const problems = contract.operations.flatMap((op) => [
      ...op.parameters.flatMap((p) => unbounded(p.schema, contract.resolve, `${op.id} ${p.in} ${p.name}`)),
      ...(op.body?.type.includes('json') ? unbounded(op.body.schema, contract.resolve, `${op.id} body`) : []),
    ]);
    expect([...new Set(problems)]).toEqual([]);
  });
});
