import { flowMessages } from '../../../shared/flows/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/open.ts';
import { userExists } from '../account/store.ts';
import { listIgnored } from '../phones/store.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { badRequest, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { keyOfUrl, readImage, saveImage } from '../flows/image-store.ts';
import { listFlows } from '../flows/store-list.ts';
import { columnsOf, fieldsOf, type FlowRow } from '../flows/mapping.ts';
import { flowsOf, insertFlow, updateFlow } from '../flows/store.ts';

type Ops = 'adminListUserFlows' | 'adminTransferFlows' | 'adminListIgnoredPhones';

/** Success texts of the transfer, by code (results, not problems: no screen shows them, so no translations). */
const transferMessages = { flowTransferred: 'Flow transferred', flowCopied: 'Flow copied' } as const;
const outcomeTexts = { ...flowMessages, ...transferMessages };
/** One flow's result: `code` is the key of its text; a result without a new id is a failure. */
const outcome = (id: number, code: keyof typeof outcomeTexts, newId: number | null) => ({ id, ok: newId !== null, code, message: outcomeTexts[code], newId });

const requireUser = (db: Db, id: number) => userExists(db, id);

/**
 * A customer's flows and ignore list as staff see them, and the §6 transfer/copy of flows to another user id.
 * Listing reuses the owner's own list (same statuses, Unavailable included); nothing here writes the ignore list.
 */
export function adminFlowHandlers(ctx: AppContext): Handlers<Ops> {
  const { db, config } = ctx;

  const loadUser = async (id: number) => {
    if (!(await requireUser(db, id))) throw notFound('userNotFound');
  };

  /**
   * Images are files in the owner's folder (flows/image-store.ts), so a flow changing hands takes a copy of its
   * file into the new owner's folder; the old file stays for any duplicate that still points at it.
   */
  const imageFor = async (row: FlowRow, targetUserId: number, flowId: number) => {
    const image = row.settings.image;
    const key = image ? keyOfUrl(image.url) : undefined;
    const found = key ? await readImage(config.dataDir, row.userId, key) : undefined;
    if (!image || !found) return null;
    const newKey = await saveImage(config.dataDir, targetUserId, found.type, found.bytes);
    return { ...image, url: `${config.publicOrigin}/api/v1/Flows/${flowId}/Image?key=${newKey}` };
  };

  return {
    async adminListUserFlows(req) {
      await loadUser(req.params.id);
      const { page = 1, pageSize = 20 } = req.query;
      return listFlows(db, req.params.id, config.now(), { page, pageSize, sort: 'edited', order: 'desc' });
    },

    async adminTransferFlows(req) {
      const sourceId = req.params.id;
      await loadUser(sourceId);
      const { flowIds, targetUserId, mode } = req.body;
            if (targetUserId === sourceId) throw invalidField('targetUserId', 'flowsAlreadyOwned');
      if (!(await requireUser(db, targetUserId))) throw invalidField('targetUserId', 'noSuchUser', { params: { id: targetUserId } });

      const own = await flowsOf(db, sourceId);
      const byId = new Map(own.map((r) => [r.id, r]));
      const ids = flowIds.length ? flowIds : own.map((r) => r.id);
      const at = new Date(config.now());
      const results: ReturnType<typeof outcome>[] = [];
      await db.transaction(async (tx) => {
        for (const id of ids) {
          const row = byId.get(id);
          if (!row) {
            results.push(outcome(id, 'flowInvalidId', null));
          } else if (mode === 'transfer') {
            // Ownership moves as is: id, status and run history stay; the new owner's tariffs decide availability.
            const image = await imageFor(row, targetUserId, row.id);
            await updateFlow(tx, row.id, { userId: targetUserId, settings: { ...row.settings, image } });
            results.push(outcome(id, 'flowTransferred', row.id));
          } else {
            // A copy: same fields and settings under a new id, paused, no run history, unplanned.
            const copy = await insertFlow(tx, { userId: targetUserId, ...columnsOf(fieldsOf(row)), status: 'Pause', createdAt: at, editedAt: at });
            const image = await imageFor(row, targetUserId, copy.id);
            if (image || row.settings.image) await updateFlow(tx, copy.id, { settings: { ...row.settings, image } });
            results.push(outcome(id, 'flowCopied', copy.id));
          }
        }
      });
      const succeeded = results.filter((r) => r.ok).length;
      return { results, succeeded, failed: results.length - succeeded };
    },

    async adminListIgnoredPhones(req) {
      const userId = req.params.id;
      await loadUser(userId);
      const { page = 1, pageSize = 20 } = req.query;
      const { items, pages, total } = await listIgnored(db, userId, { page, pageSize });
      return {
        phones: items.map(({ created, ...r }) => ({ ...r, createdUnixTime: created })),
        page,
        pages,
        total,
      };
    },
  };
}
