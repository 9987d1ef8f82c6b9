import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { previewDistribution } from './preview.ts';
import { exportRecipients, listRecipients } from './recipients.ts';
import { importRecipients } from './recipients-import.ts';
import { createSegment, listSegments, removeSegment } from './segments.ts';

type Ops = 'listDistributionRecipients' | 'importDistributionRecipients' | 'exportDistributionRecipients' | 'previewDistribution' | 'listAudienceSegments' | 'createAudienceSegment' | 'deleteAudienceSegment';

/** The audience: the recipient table, results per recipient, the preview before a start, saved segments. */
export function audienceHandlers(ctx: AppContext): Handlers<Ops> {
  const { db, config } = ctx;
  return {
    async listDistributionRecipients(req) {
      const { userId } = requireAuth(req);
      const q = req.query;
      return listRecipients(db, userId, req.params.distributionId, { page: q.page ?? 1, pageSize: q.pageSize ?? 50, status: q.status, search: q.search });
    },

    async importDistributionRecipients(req) {
      const { userId } = requireAuth(req);
      return importRecipients(db, userId, req.params.distributionId, req, req.query.fileName);
    },

    async exportDistributionRecipients(req, reply) {
      const { userId } = requireAuth(req);
      const id = req.params.distributionId;
      const stream = await exportRecipients(db, userId, id, { status: req.query.status, search: req.query.search });
      // Awaited: the reply is sent once the stream ends (an async handler that returned before would send nothing).
      await reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="distribution-${id}-recipients.csv"`)
        .type('text/csv; charset=utf-8')
        .send(stream);
    },

    async previewDistribution(req) {
      const { userId } = requireAuth(req);
      return previewDistribution(db, userId, req.params.distributionId, config.now());
    },

    async listAudienceSegments(req) {
      return listSegments(db, requireAuth(req).userId);
    },

    async createAudienceSegment(req, reply) {
      const segment = await createSegment(db, requireAuth(req).userId, req.body, new Date(config.now()));
      reply.code(201);
      return segment;
    },

    async deleteAudienceSegment(req) {
      await removeSegment(db, requireAuth(req).userId, req.params.segmentId);
      return { message: 'Saved audience removed' };
    },
  };
}
