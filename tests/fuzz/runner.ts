// Sends generated requests to a running server and checks each answer: never a 5xx, every error in the contract's
// Problem shape, and a rejected request changes no data.
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import type { Caller, Contract, Operation } from './contract.ts';
import { requestOf, type FuzzRequest } from './requests.ts';

export interface FuzzOptions {
  /** The API base, e.g. http://127.0.0.1:4000/api/v1 (loopback only). */
  base: string;
  contract: Contract;
  operations?: Operation[];
  /** Requests per operation. */
  runs: number;
  seed: number;
  /** Bearer tokens per caller kind; `secret` is the webhook secret header value. */
  tokens: Partial<Record<Caller, string>>;
  /** A digest of the data; when given, a rejected request must leave it as it was. */
  digest?: () => Promise<string>;
}

export interface Failure {
  request: FuzzRequest;
  status: number;
  reason: string;
  body: string;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  failures: Failure[];
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

function send(base: URL, req: FuzzRequest, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : typeof req.body === 'string' ? Buffer.from(req.body) : Buffer.from(req.body);
    const out = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: base.pathname + req.url,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    out.on('timeout', () => out.destroy(new Error('no answer in 30 s')));
    out.on('error', reject);
    out.end(body);
  });
}

/** Why an answer breaks the contract's error rules, or undefined when it keeps them. */
export function problemWith(answer: Answer, contract: Pick<Contract, 'problemRequired' | 'fieldErrorRequired'>): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status < 400) return undefined;
  if (!/json/.test(answer.contentType)) return `error without a JSON problem (content-type ${answer.contentType || 'none'})`;
  let body: any;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'error body is not JSON';
  }
  if (!body || typeof body !== 'object') return 'error body is not an object';
  if (body.status !== answer.status) return `problem.status ${body.status} differs from ${answer.status}`;
  if (typeof body.message !== 'string' || typeof body.title !== 'string') return 'problem without message or title';
  const missing = contract.problemRequired.filter((key) => body[key] === undefined);
  if (missing.length) return `problem without ${missing.join(', ')}`;
  for (const error of Array.isArray(body.errors) ? body.errors : []) {
    const lacking = contract.fieldErrorRequired.filter((key) => error?.[key] === undefined);
    if (lacking.length) return `field error without ${lacking.join(', ')}`;
  }
  return undefined;
}

function headersFor(req: FuzzRequest, op: Operation, tokens: FuzzOptions['tokens']): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.contentType) headers['content-type'] = req.contentType;
  if (req.auth === 'junk') headers.authorization = `Bearer ${req.junkToken}`;
  if (req.auth === 'right' && op.caller === 'secret' && tokens.secret) headers['x-telegram-bot-api-secret-token'] = tokens.secret;
  const token = req.auth === 'right' && op.caller !== 'anyone' && op.caller !== 'secret' ? tokens[op.caller] : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** The requests the seed gives for each operation: the same list on every run with the same seed. */
export function requestsFor(op: Operation, contract: Contract, runs: number, seed: number): FuzzRequest[] {
  return fc.sample(requestOf(op, contract), { seed, numRuns: runs });
}

export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const base = new URL(options.base);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) throw new Error('the fuzzer only targets loopback addresses');
  const report: FuzzReport = { requests: 0, byStatus: {}, failures: [] };
  let known: string | undefined; // the data digest as it stands, when known
  for (const [index, op] of (options.operations ?? options.contract.operations).entries()) {
    for (const req of requestsFor(op, options.contract, options.runs, options.seed + index)) {
      const headers = headersFor(req, op, options.tokens);
      if (options.digest && op.method !== 'GET') known ??= await options.digest();
      let answer: Answer;
      try {
        answer = await send(base, req, headers);
      } catch (error) {
        if (error instanceof TypeError) continue; // Node refuses to send this path as is (unescaped characters)
        answer = { status: 599, contentType: '', text: String(error) };
      }
      report.requests++;
      report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
      const reason = problemWith(answer, options.contract);
      if (reason) report.failures.push({ request: req, status: answer.status, reason, body: answer.text.slice(0, 300) });
      if (answer.status < 400) known = undefined;
      else if (options.digest && op.method !== 'GET') {
        const after = await options.digest();
        if (known !== undefined && after !== known) report.failures.push({ request: req, status: answer.status, reason: 'a rejected request changed data', body: answer.text.slice(0, 300) });
        known = after;
      }
    }
  }
  return report;
}

/** A short text of the failures, grouped by operation and reason, for a test message or the script's output. */
export function summary(report: FuzzReport, most = 40): string {
  const groups = new Map<string, Failure[]>();
  for (const f of report.failures) {
    const key = `${f.request.op} (${f.request.method}): ${f.reason}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.entries()]
    .slice(0, most)
    .map(([key, fs]) => {
      const f = fs[0]!;
      const body = typeof f.request.body === 'string' ? f.request.body.slice(0, 200) : f.request.body ? `<${f.request.body.length} bytes>` : '';
      return `${key} ×${fs.length}\n    e.g. ${f.request.method} ${f.request.url.slice(0, 200)} [${f.request.contentType ?? 'no content-type'}] ${body}\n    → ${f.body.slice(0, 200)}`;
    })
    .join('\n');
}
