import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (m=19 MiB, t=2, p=1: OWASP's minimum), ~13 ms per hash here.
const ARGON2ID = 2; // Algorithm.Argon2id; the const enum cannot be imported under type stripping

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// A fixed hash to verify against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  const target = storedHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && storedHash !== null;
}
