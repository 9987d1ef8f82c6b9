// Starts the real API on a fresh database per test file: a PGlite temp dir, or (DATABASE_URL set) a fresh
// PostgreSQL database created through the admin URL and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createApi, type Api, type ServerConfig } from '../../src/server/index.ts';
import { createUser, readOutbox } from '../../src/server/modules/account/tasks.ts';

export const DEMO = { email: 'demo@cabinet.local', password: 'demo123' };

/** A clock tests can move; the server reads it through config.now. */
export class TestClock {
  ms = Date.UTC(2026, 10, 1, 9, 0, 0);
  now = () => this.ms;
  advance(seconds: number) {
    this.ms += seconds * 1000;
  }
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  api: Api;
  base: string;
  clock: TestClock;
  dataDir: string;
  databaseUrl: string | undefined;
  call<T = any>(method: string, path: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<Reply<T>>;
  login(email: string, password: string): Promise<{ token: string; refreshToken: string }>;
  createUser(email: string, password: string, role?: 'user' | 'admin' | 'superadmin'): Promise<{ id: number; token: string; refreshToken: string }>;
  outbox(email: string): Promise<{ subject: string; text: string }[]>;
  /** Stops the server; keeps the data (restart tests reopen it). */
  stop(): Promise<void>;
  /** Stops and deletes the database. */
  close(): Promise<void>;
}

async function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cabinet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface StartOptions {
  env?: Record<string, string>;
  config?: Partial<ServerConfig>;
  /** Reuse a data dir / database of an earlier server (restart tests). */
  reuse?: { dataDir: string; databaseUrl: string | undefined };
  clock?: TestClock;
}

export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const clock = opts.clock ?? new TestClock();
  const dataDir = opts.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'cabinet-api-'));
  const adminUrl = process.env.DATABASE_URL;
  const pgdb = opts.reuse ? undefined : adminUrl ? await freshPostgres(adminUrl) : undefined;
  const databaseUrl = opts.reuse?.databaseUrl ?? pgdb?.url;
  const api = await createApi({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_AUTH_MAX: '10000',
      RATE_LIMIT_CODE_MAX: '10000',
      ...opts.env,
    },
    config: { now: clock.now, ...opts.config },
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api/v1`;

  const call: TestServer['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await fetch(base + path, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers };
  };

  const login = async (email: string, password: string) => {
    const res = await call('POST', '/account/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { token: string; refreshToken: string };
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await api.close();
  };

  return {
    api,
    base,
    clock,
    dataDir,
    databaseUrl,
    call,
    login,
    async createUser(email, password, role = 'user') {
      const user = await createUser(api.db, { email, password, role, now: clock.now(), phone: '+79991112233' });
      return { id: user.id, ...(await login(email, password)) };
    },
    async outbox(email) {
      return readOutbox(api.db, email);
    },
    stop,
    async close() {
      await stop();
      if (pgdb) await pgdb.drop();
      if (!opts.reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The code from the newest mail to an address (reset or confirmation links carry `code=`). */
export async function lastCode(server: TestServer, email: string): Promise<string> {
  const [mail] = await server.outbox(email);
  const match = mail && /code=([^&\s]+)/.exec(mail.text);
  if (!match) throw new Error(`no code mailed to ${email}`);
  return decodeURIComponent(match[1]!);
}
