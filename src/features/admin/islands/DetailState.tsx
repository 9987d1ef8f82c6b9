import type { T } from '../../../i18n/translate.ts';
import { explainProblem, type ProblemLike } from '../../../api/explain-problem.ts';
import { ListState } from '../../../ui/list-states.tsx';
import { listTexts } from './helpers.ts';

/** A detail screen's notice before its record shows: loading, "not found" (the 404's own text), or a failure. */
export function DetailState({ t, problem, onRetry }: { t: T; problem: ProblemLike | null | undefined; onRetry?: () => void }) {
  if (problem?.status === 404) return <p className="text-sm text-ink-muted" role="status" data-not-found>{explainProblem(problem, t, { prefixes: ['server.'] })}</p>;
  const retry = onRetry && { label: t('ui.retry'), run: onRetry };
  return <ListState texts={listTexts(t)} loading={problem === undefined} failed={problem !== undefined} empty={false} retry={retry} />;
}
