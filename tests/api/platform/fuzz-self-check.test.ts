// The contract fuzzer must catch what it exists to catch: a server with planted defects (an id past int32 reaching
// "SQL", a missing body field reaching code, a rejected request that still writes, an error outside the Problem
// shape) fails it; the same server without them passes.
import Fastify, { type FastifyReply } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../../fuzz/contract.ts';
import { fuzz } from '../../fuzz/runner.ts';

const contract = loadContract();
const operations = contract.operations.filter((op) => op.id === 'getFlow' || op.id === 'updateFlow');
const INT32_MAX = 2 ** 31 - 1;
const problem = (status: number, message: string) => ({ type: 'about:blank', title: 'Error', status, code: 'invalid', message });

type Plant = 'none' | 'intOverflow' | 'missingField' | 'writesOnReject' | 'bareError';

async function serve(plant: Plant) {
  const app = Fastify({
    logger: false,
    routerOptions: { maxParamLength: 10_000 },
    // Router errors (a bad escape in the path) answer as problems too.
    frameworkErrors: (_error, _req, reply) => void (reply as FastifyReply).code(400).send(problem(400, 'The address is not valid')),
  });
  let writes = 0;
  app.setErrorHandler((_error, _req, reply) => reply.code(500).send(problem(500, 'Internal server error')));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(null, Symbol.for('malformed'));
    }
  });
  const idOf = (raw: string) => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined);
  app.get('/api/v1/Flows/:flowId', async (req, reply) => {
    const id = idOf((req.params as { flowId: string }).flowId);
    if (id === undefined) return reply.code(400).send(problem(400, 'flowId: must be a positive integer'));
    if (plant === 'intOverflow' && id > INT32_MAX) throw new Error('value out of range for type integer');
    if (id > INT32_MAX) return reply.code(404).send(problem(404, 'Not found'));
    return { id };
  });
  app.patch('/api/v1/Flows/:flowId', async (req, reply) => {
    if (plant === 'writesOnReject') writes++;
    const body = req.body as Record<string, unknown> | undefined;
    if (plant === 'missingField') (body as { title: string }).title.trim();
    if (plant === 'bareError') return reply.code(400).send({ error: 'bad' });
    if (!body || typeof body !== 'object' || Array.isArray(body)) return reply.code(400).send(problem(400, 'body: must be an object'));
    return reply.code(400).send(problem(400, 'title: required'));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
  return { app, base, digest: async () => String(writes) };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function run(plant: Plant) {
  const server = await serve(plant);
  close = () => server.app.close();
  return fuzz({ base: server.base, contract, operations, runs: 60, seed: 42, tokens: { owner: 'token' }, digest: server.digest });
}

describe('the contract fuzzer', () => {
  it('passes a server that keeps the rules', async () => {
    const report = await run('none');
    expect(report.requests).toBeGreaterThan(100);
    expect(report.failures).toEqual([]);
  });

  it.each([
    ['intOverflow', /status 500/],
    ['missingField', /status 500/],
    ['writesOnReject', /rejected request changed data/],
    ['bareError', /problem/],
  ] as const)('fails a server with a planted defect: %s', async (plant, reason) => {
    const report = await run(plant);
    expect(report.failures.map((f) => f.reason)).toContainEqual(expect.stringMatching(reason));
  });
});
