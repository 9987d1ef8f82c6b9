/**
 * The messages between the server's thread and PGlite's database thread (thread.ts, thread-main.ts). Functions do
 * not cross threads: a query names the OIDs whose values come back as PostgreSQL's text (drizzle's identity
 * parsers), and an error crosses as its fields.
 */
import type { DispatchStats } from '../../delivery/dispatcher.ts';

export type Request =
  | { t: 'query'; id: number; tx?: number; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawOids?: number[] }
  | { t: 'exec'; id: number; tx?: number; sql: string }
  | { t: 'begin'; id: number }
  | { t: 'end'; id: number; tx: number; commit: boolean }
  | { t: 'rollback'; id: number; tx: number }
  | { t: 'maintain'; id: number }
  | { t: 'startEngine'; id: number }
  | { t: 'close'; id: number };

export type Reply =
  | { t: 'reply'; id: number; value: unknown }
  | { t: 'fail'; id: number; error: ErrorFields }
  | { t: 'ready' }
  | { t: 'openFailed'; error: ErrorFields }
  | { t: 'tick'; stats: DispatchStats & { planned: number } };

/** What platform/db/errors.ts and the modules read of a driver's error (PGlite's DatabaseError fields). */
const FIELDS = ['name', 'message', 'code', 'severity', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine', 'query'] as const;
export type ErrorFields = Partial<Record<(typeof FIELDS)[number], string>> & { database?: boolean };

export function errorFields(error: unknown): ErrorFields {
  const e = (error ?? {}) as Record<string, unknown>;
  const out: ErrorFields = { database: typeof e.severity === 'string' || typeof e.code === 'string' };
  for (const key of FIELDS) if (typeof e[key] === 'string') out[key] = e[key];
  if (!out.message) out.message = String(error);
  return out;
}
