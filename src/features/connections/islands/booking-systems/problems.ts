import { explainProblem } from '../../../../api/explain-problem.ts';
import type { Outcome } from '../../store.ts';
import type { BookingContext } from './texts.ts';

type Problem = NonNullable<Outcome<unknown>['problem']>;

/**
 * A booking call's problem in words: the screen's own sentence for what the owner can act on here (§8
 * "connect-company error" for a company the connection cannot reach, a refused token, a company linked by
 * webhook only or by another cabinet), else the connections texts of the code.
 */
export function bookingProblem(ctx: BookingContext, problem: Problem | undefined): string {
  const { t, named } = ctx;
  switch (problem?.code) {
    case 'bookingTokenRejected': return t('bookingSystems.tokenRejected', named);
    case 'companyWithoutAccount': return t('bookingSystems.withoutAccount', named);
    case 'companyAlreadyLinked': return t('bookingSystems.alreadyLinked');
  }
  if (problem?.status === 400 && problem.errors?.some((e) => e.field === 'companyId')) return t('bookingSystems.linkFailed', named);
  return explainProblem(problem, t);
}
