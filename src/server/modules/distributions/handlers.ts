import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';

type Ops = 'listDistributions' | 'createDistribution' | 'getDistribution' | 'updateDistribution' | 'deleteDistribution' | 'duplicateDistribution' | 'controlDistribution' | 'bulkDistributions';

/** The distributions and their lifecycle (list, create, edit, start, pause, resume, cancel, duplicate, delete, bulk). */
export function distributionHandlers(_ctx: AppContext): Handlers<Ops> {
  const todo = async (): Promise<never> => {
    throw notFound();
  };
  return {
    listDistributions: todo,
    createDistribution: todo,
    getDistribution: todo,
    updateDistribution: todo,
    deleteDistribution: todo,
    duplicateDistribution: todo,
    controlDistribution: todo,
    bulkDistributions: todo,
  };
}
