import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Data ownership (docs/architecture.md): a static scan of src/server. A table belongs to the area whose schema.ts
// declares it; only that area's store files touch it; other areas go through the owner's store functions, except
// the read-only reporting files listed below; handler files hold no SQL; platform code imports no module.

const SERVER = resolve(import.meta.dirname, '../../../src/server');

/** Read-only reporting queries that join several domains, and the foreign tables each may read. */
const REPORTING: Record<string, string[]> = {
  'modules/admin/queries-users.ts': ['users'],
  'modules/admin/queries-user-search.ts': ['users'],
  'modules/admin/queries-reports.ts': ['users', 'linked_accounts', 'outbox'],
  'modules/admin/queries-churn.ts': ['users', 'refresh_tokens'],
  'modules/home/queries.ts': ['linked_accounts', 'connections', 'flows', 'payments', 'messages'],
  'modules/distributions/queries-recipients.ts': ['messages'],
  // A page of distributions: recipients counted by their message's status, one aggregate per page (read only).
  'modules/distributions/queries-counts.ts': ['messages'],
  // The distributions with the flows they own (message, mode, status): one join per page or load (read only).
  'modules/distributions/queries-list.ts': ['flows'],
  // The engine step's scans (release, build, plan, settle): one statement each over the distributions' flows,
  // messages and owners; read only (the planning lock takes row locks, writes nothing), writes via the owners' stores.
  'modules/distributions/queries-engine.ts': ['flows', 'messages', 'users'],
};

/** Files that still break a rule, each with what remains (none since issue 13). Shrink it, never grow it. */
const PENDING: Record<string, string> = {};

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'migrations' ? [] : files(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
const all = files(SERVER).map((path) => ({ path, rel: relative(SERVER, path).replaceAll('\\', '/'), text: readFileSync(path, 'utf8') }));

/** The owner of a file: `modules/<word>` and the delivery engine share their word; platform parts are their own. */
function areaOf(rel: string): string {
  const [top, second] = rel.split('/');
  if (top === 'modules' || top === 'platform') return `${top === 'platform' ? 'platform/' : ''}${second}`;
  return top === 'delivery' ? 'delivery' : 'app';
}
const isSchema = (rel: string) => basename(rel) === 'schema.ts';
/**
 * A module's column helpers (`columns.ts`, e.g. clients' subjectColumns) are schema too: the columns they declare
 * reference other modules' tables for foreign keys, as schema.ts files do, and reading a table object for
 * `.references()` is no access to its rows.
 */
const isSchemaHelper = (rel: string) => /^modules\/\w+\/columns\.ts$/.test(rel);
const AGGREGATE = 'platform/db/schema.ts'; // drizzle-kit's list of every table
/**
 * A store file: `store.ts` or `store-*.ts` anywhere in the area. For the delivery engine that is
 * `delivery/store-*.ts` (its own `messages`/`sandbox_messages` statements) and `modules/delivery/store.ts` (the
 * same tables seen from the HTTP side); both belong to the one area `delivery`.
 */
const isStore = (rel: string) => /^store(-[\w-]+)?\.ts$/.test(basename(rel));
const isQueries = (rel: string) => /^queries(-[\w-]+)?\.ts$/.test(basename(rel));
const isHandlerFile = (f: { rel: string; text: string }) => /(^|-)handlers\.ts$/.test(basename(f.rel)) || /\bHandlers</.test(f.text);

// Every table: its variable name, SQL name and owner.
const tables = new Map<string, { sqlName: string; owner: string }>();
for (const f of all.filter((f) => isSchema(f.rel) && f.rel !== AGGREGATE)) {
  for (const m of f.text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(m[1]!, { sqlName: m[2]!, owner: areaOf(f.rel) });
}
const bySqlName = new Map([...tables.values()].map((t) => [t.sqlName, t]));

/** Table objects a file imports as values (type-only imports are row types, not access). */
function importedTables(f: { path: string; text: string }): string[] {
  const out: string[] = [];
  for (const m of f.text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (m[1]) continue;
    const target = relative(SERVER, resolve(dirname(f.path), m[3]!)).replaceAll('\\', '/');
    if (!isSchema(target)) continue;
    for (const spec of m[2]!.split(',').map((s) => s.trim()).filter(Boolean)) {
      if (spec.startsWith('type ')) continue;
      const name = spec.split(/\s+as\s+/)[0]!;
      if (tables.has(name)) out.push(name);
    }
  }
  return out;
}

/** The text of every sql`…` template (nested ${…} and inner templates skipped over). */
function sqlTexts(text: string): string[] {
  const out: string[] = [];
  for (let start = text.indexOf('sql`'); start !== -1; start = text.indexOf('sql`', start + 4)) {
    let i = start + 4;
    let body = '';
    let depth = 0;
    let inner = false;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (depth === 0 && c === '`') break;
      if (depth === 0 && c === '$' && text[i + 1] === '{') (depth = 1), i++;
      else if (depth > 0 && c === '`') inner = !inner;
      else if (depth > 0 && !inner && c === '{') depth++;
      else if (depth > 0 && !inner && c === '}') depth--;
      else if (depth === 0) body += c;
    }
    out.push(body);
  }
  return out;
}

/** SQL table names a raw statement reads or writes. */
function rawTables(text: string): { reads: string[]; writes: string[] } {
  const reads: string[] = [];
  const writes: string[] = [];
  for (const body of sqlTexts(text)) {
    for (const m of body.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)) if (bySqlName.has(m[1]!)) reads.push(m[1]!);
    for (const m of body.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)) if (bySqlName.has(m[1]!)) writes.push(m[1]!);
  }
  return { reads, writes };
}

function violations(): string[] {
  const found: string[] = [];
  for (const f of all) {
    if (isSchema(f.rel) || isSchemaHelper(f.rel)) continue;
    const area = areaOf(f.rel);
    const allowed = new Set(REPORTING[f.rel] ?? []);
    const own: string[] = [];
    for (const name of importedTables(f)) {
      const t = tables.get(name)!;
      if (t.owner === area) own.push(name);
      else if (!allowed.has(t.sqlName)) found.push(`${f.rel}: uses ${name} of ${t.owner} (call its store)`);
    }
    const raw = rawTables(f.text);
    for (const name of raw.writes) if (bySqlName.get(name)!.owner !== area) found.push(`${f.rel}: writes ${name} of ${bySqlName.get(name)!.owner}`);
    for (const name of raw.reads) {
      const owner = bySqlName.get(name)!.owner;
      if (owner === area) own.push(name);
      else if (!allowed.has(name)) found.push(`${f.rel}: reads ${name} of ${owner} (call its store)`);
    }
    // Platform parts are one file each (mail/mailer.ts is the outbox's store).
    if (own.length && !area.startsWith('platform/') && !isStore(f.rel) && !isQueries(f.rel)) found.push(`${f.rel}: touches ${[...new Set(own)].join(', ')} outside a store file`);
    if (isHandlerFile(f)) {
      const sql = [...f.text.matchAll(/\b(?:db|tx)\s*\.\s*(?:select|insert|update|delete|execute)\b|\bsql\s*[`.]|\browsOf\(/g)].map((m) => m[0]);
      if (sql.length) found.push(`${f.rel}: handler file with SQL (${[...new Set(sql)].join(', ')})`);
    }
    // The two aggregates list what every module declares: drizzle-kit's tables and the contract's problem codes.
    if (f.rel.startsWith('platform/') && f.rel !== AGGREGATE && f.rel !== 'platform/http/codes.ts') {
      for (const m of f.text.matchAll(/from\s+'([^']+)'/g)) if (/\/modules\//.test(resolve(dirname(f.path), m[1]!))) found.push(`${f.rel}: platform imports module ${m[1]}`);
    }
  }
  return found;
}

describe('data ownership (docs/architecture.md)', () => {
  it('knows the tables of every module', () => {
    expect(tables.get('users')?.owner).toBe('account');
    expect(tables.get('payments')?.owner).toBe('admin');
    expect(tables.get('flows')?.owner).toBe('flows');
    expect(tables.get('messages')?.owner).toBe('delivery');
    expect(tables.get('outbox')?.owner).toBe('platform/mail');
  });

  it('finds a violation of each kind in a sample', () => {
    expect(rawTables('const q = sql`INSERT INTO users (id) SELECT id FROM flows WHERE ${x} JOIN payments p`;')).toEqual({ reads: ['flows', 'payments'], writes: ['users'] });
    expect(sqlTexts('sql`a ${`b ${c}`} d`')).toEqual(['a  d']);
  });

  it('keeps every table with its owner: stores write, others call store functions, handlers hold no SQL', () => {
    const open = violations().filter((v) => !(v.split(':')[0]! in PENDING));
    expect(open).toEqual([]);
  });

  it('lists reporting files and pending files that exist', () => {
    const known = new Set(all.map((f) => f.rel));
    for (const file of [...Object.keys(REPORTING), ...Object.keys(PENDING)]) expect(known.has(file), file).toBe(true);
    for (const file of Object.keys(REPORTING)) expect(isQueries(file), file).toBe(true);
  });
});
