import type { T, Vars } from '../i18n/translate.ts';
import { messages as validationTexts } from '../shared/validation/messages.ts';
import { flowMessages } from '../shared/flows/messages.ts';

/**
 * Until the server sends machine codes in every problem and field error, its English §5/§8 texts map back to
 * their keys here, in this one place (both tables are the single copy the server sends from).
 */
const keyByText = new Map<string, string>(
  [...Object.entries(validationTexts), ...Object.entries(flowMessages)].map(([key, text]) => [text as string, key]),
);

/** What the browser gets back from a failed call or a rule: a problem, a field error, a bare text, or a thrown error. */
export interface ProblemLike {
  code?: string;
  message?: string;
}

export interface ExplainOptions {
  /** Where the namespace keeps the texts of codes, tried in order. */
  prefixes?: readonly string[];
  /** The key shown when there is nothing to explain (a network failure, a thrown error). */
  fallback?: string;
  vars?: Vars;
}

const DEFAULT_PREFIXES = ['validation.', 'server.'] as const;

function textOf(t: T, key: string | undefined, prefixes: readonly string[], vars?: Vars): string | undefined {
  if (!key) return undefined;
  for (const prefix of prefixes) {
    const text = t(`${prefix}${key}`, vars);
    if (text !== `${prefix}${key}`) return text;
  }
  return undefined;
}

/**
 * Any error in the page's language: the problem's `code` when the namespace knows it, else the key of a known
 * English server text, else the server's text as sent; a network failure or unknown error gives `fallback`.
 */
export function explainProblem(problem: unknown, t: T, options: ExplainOptions = {}): string {
  const { prefixes = DEFAULT_PREFIXES, fallback = 'server.network', vars } = options;
  const p: ProblemLike | undefined =
    typeof problem === 'string' ? { message: problem } : problem && typeof problem === 'object' && !(problem instanceof Error) ? (problem as ProblemLike) : undefined;
  if (!p || (!p.code && !p.message)) return t(fallback, vars);
  return textOf(t, p.code, prefixes, vars) ?? textOf(t, p.message ? keyByText.get(p.message) : undefined, prefixes, vars) ?? p.message ?? t(fallback, vars);
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
