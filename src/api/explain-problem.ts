import type { T, Vars } from '../i18n/translate.ts';

/**
 * What the browser gets back from a failed call or a rule: a problem or a field error (both carry the contract's
 * stable `code`, maybe `params` and a `status`), or a thrown error / nothing (the call itself failed).
 * The English `message` is never shown: the text comes from the code.
 */
export interface ProblemLike {
  code?: string;
  status?: number;
  params?: Record<string, string | number>;
}

export interface ExplainOptions {
  /** Where the namespace keeps the texts of codes, tried in order (then `problem.`, the shared codes). */
  prefixes?: readonly string[];
  /** The key shown when there is nothing to explain (a network failure, a thrown error). */
  fallback?: string;
  vars?: Vars;
}

const DEFAULT_PREFIXES = ['validation.', 'server.'] as const;
/** Every namespace keeps the platform's and the contract's codes and two generic texts under `problem.`. */
const SHARED_PREFIX = 'problem.';

function textOf(t: T, code: string, prefixes: readonly string[], vars: Vars): string | undefined {
  for (const prefix of [...prefixes, SHARED_PREFIX]) {
    const key = `${prefix}${code}`;
    const text = t.dynamic(key, vars);
    if (text !== key) return text;
  }
  return undefined;
}

const asProblem = (value: unknown): ProblemLike | undefined =>
  value && typeof value === 'object' && !(value instanceof Error) ? (value as ProblemLike) : undefined;

/**
 * Any error in the page's language, chosen by its code: the namespace's text of the code, else a generic text by
 * status class (`problem.refused` for 4xx and field errors, `problem.failed` for 5xx); a network failure, a thrown
 * error or nothing gives `fallback`.
 */
export function explainProblem(problem: unknown, t: T, options: ExplainOptions = {}): string {
  const { prefixes = DEFAULT_PREFIXES, fallback = 'server.network' } = options;
  const p = asProblem(problem);
  if (!p || (!p.code && p.status === undefined)) return t.dynamic(fallback, options.vars);
  const vars = { ...p.params, ...options.vars };
  const known = p.code ? textOf(t, p.code, prefixes, vars) : undefined;
  return known ?? t.dynamic(`${SHARED_PREFIX}${(p.status ?? 400) >= 500 ? 'failed' : 'refused'}`, vars);
}

/** Field errors keyed by field (first error per field), each explained as explainProblem does. */
export function explainFieldErrors(
  errors: readonly (ProblemLike & { field: string })[] | undefined,
  t: T,
  options: ExplainOptions = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors ?? []) out[error.field] ??= explainProblem(error, t, options);
  return out;
}

/** A store's problems keyed by field ('' for the whole form), each explained as explainProblem does. */
export function explainEach(problems: Readonly<Record<string, ProblemLike>>, t: T, options: ExplainOptions = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, explainProblem(problem, t, options)]));
}
