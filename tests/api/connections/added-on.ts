import { expect } from 'vitest';
import { startServer } from '../harness.ts';

/**
 * On a server of its own with these settings (a provider down, a plain-HTTP origin), one add answers `expected` and
 * leaves the owner's list of that kind empty.
 */
export async function expectNothingAdded(env: Record<string, string>, path: string, body: unknown, expected: { status: number; code: string }, listKey: string): Promise<void> {
  const own = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '3650d', ...env } });
  try {
    const u = await own.createUser('nothing-added@example.com', 'secret12');
    expect(await own.call('POST', path, { token: u.token, body })).toMatchObject({ status: expected.status, body: { code: expected.code } });
    expect((await own.call('GET', path, { token: u.token })).body).toEqual({ [listKey]: [] });
  } finally {
    await own.close();
  }
}
