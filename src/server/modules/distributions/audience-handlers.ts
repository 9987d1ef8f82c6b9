import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';

type Ops = 'listDistributionRecipients' | 'importDistributionRecipients' | 'exportDistributionRecipients' | 'previewDistribution' | 'listAudienceSegments' | 'createAudienceSegment' | 'deleteAudienceSegment';

/** The audience: the recipient table, results per recipient, the preview before a start, saved segments. */
export function audienceHandlers(_ctx: AppContext): Handlers<Ops> {
  const todo = async (): Promise<never> => {
    throw notFound();
  };
  return {
    listDistributionRecipients: todo,
    importDistributionRecipients: todo,
    exportDistributionRecipients: todo,
    previewDistribution: todo,
    listAudienceSegments: todo,
    createAudienceSegment: todo,
    deleteAudienceSegment: todo,
  };
}
