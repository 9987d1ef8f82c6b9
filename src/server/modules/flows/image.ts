import { flowMessages } from '../../../shared/flows/messages.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { fieldsOf, toFlow, columnsOf, type FlowRow } from './mapping.ts';
import { keyOfUrl, outgoingImageOf, removeImage, saveImage, sniffImage } from './image-store.ts';
import { dimensionsAllowed, IMAGE_MAX_RATIO, IMAGE_MAX_SIDE, readDimensions } from './image-header.ts';
import { assertValid, imageSharedByOtherFlow, loadOwnFlow, updateFlow } from './store.ts';
import { availabilityFor } from './tariffs.ts';

type Ops = 'getFlowImage' | 'uploadFlowImage' | 'deleteFlowImage';

const imageError = (code: 'imageFormat') => invalidField('image', code);
const dimensionsError = (width: number, height: number) =>
  invalidField('image', 'imageDimensions', { params: { width, height, max: IMAGE_MAX_SIDE, ratio: IMAGE_MAX_RATIO } });

/** §3 flow image: upload (PNG/JPEG by its bytes, ≤ 5 MB, ≤ 4096 px a side by its header), read back for the editor, remove. Own flows only. */
export function flowImageHandlers(ctx: AppContext): Handlers<Ops> {
  const { db, config } = ctx;

  /** Removes the file unless another of the user's flows (a duplicate) still points at it. */
  const release = async (row: FlowRow) => {
    const key = row.settings.image ? keyOfUrl(row.settings.image.url) : undefined;
    if (!key) return;
    if (!(await imageSharedByOtherFlow(db, row, key))) await removeImage(config.dataDir, row.userId, key);
  };

  const save = async (row: FlowRow, image: FlowRow['settings']['image']) => {
    const fields = { ...fieldsOf(row), image };
    assertValid(fields, config.now());
    const updated = await updateFlow(db, row.id, { ...columnsOf(fields), editedAt: new Date(config.now()) });
    return toFlow(updated, (await availabilityFor(db, row.userId, config.now()))(updated.type));
  };

  return {
    async getFlowImage(req, reply) {
      const { userId } = requireAuth(req);
      const row = await loadOwnFlow(db, userId, req.params.flowId);
      const found = await outgoingImageOf(config.dataDir, userId, row.id, row.settings.image);
      if (!found) throw new HttpError(404, 'imageNotFound');
      // Private: the bytes belong to one account, browsers must not share them through caches.
      // Named by us, never by the uploader: the file name the user gave never reaches a header.
      reply.header('cache-control', 'private, max-age=3600').header('content-disposition', `inline; filename="${found.filename}"`).type(found.mimetype).send(Buffer.from(found.data));
    },

    async uploadFlowImage(req) {
      const { userId } = requireAuth(req);
      const row = await loadOwnFlow(db, userId, req.params.flowId);
      const bytes = req.body as unknown;
      if (!(bytes instanceof Uint8Array)) throw imageError('imageFormat');
      const type = sniffImage(bytes);
      if (!type) throw imageError('imageFormat');
      // Decided from the header alone, before anything decodes the pixels (image-header.ts).
      const size = readDimensions(bytes, type);
      if (!size) throw imageError('imageFormat');
      if (!dimensionsAllowed(size)) throw dimensionsError(size.width, size.height);
      const fileName = req.query.fileName.trim().slice(-255);
      // Checked before writing: the shared rules see the name and size (image.fileName, image.sizeBytes).
      const probe = { fileName, url: `${config.publicOrigin}/api/v1/Flows/${row.id}/Image?key=${'0'.repeat(32)}`, sizeBytes: bytes.length };
      assertValid({ ...fieldsOf(row), image: probe }, config.now());
      const key = await saveImage(config.dataDir, userId, type, bytes);
      try {
        const flow = await save(row, { ...probe, url: probe.url.replace(/key=0+$/, `key=${key}`) });
        await release(row);
        return flow;
      } catch (error) {
        await removeImage(config.dataDir, userId, key);
        throw error;
      }
    },

    async deleteFlowImage(req) {
      const { userId } = requireAuth(req);
      const row = await loadOwnFlow(db, userId, req.params.flowId);
      const flow = await save(row, null);
      await release(row);
      return flow;
    },
  };
}
