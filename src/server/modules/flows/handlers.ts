import { canPause, canResume, endDateTooSoon, flowMessages, runningStatus, TITLE_MAX } from '../../../shared/flows/index.ts';
import { businessZone, ownerRegion } from '../account/store.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { listFlows } from './store-list.ts';
import { applyPatch, columnsOf, emptyFields, fieldsOf, toFlow, type FlowRow } from './mapping.ts';
import { assertValid, deleteFlows, insertFlow, loadOwnFlow, plannedStart, updateFlow } from './store.ts';
import { availabilityFor } from './tariffs.ts';
import { connectionOf } from '../connections/store.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { sendableTemplate, wabaTemplateOf } from '../connections/waba-for-flows.ts';
import { firstUnmapped, templateVariableCount, type WabaVariable } from '../../../shared/flows/waba.ts';

type SendingInput = { connectionId?: number | null; wabaTemplate?: { name: string; language: string } | null; wabaVariables?: { variable?: string; text?: string }[] };
type SendingColumns = Partial<Pick<FlowRow, 'connectionId' | 'wabaTemplateName' | 'wabaTemplateLanguage' | 'wabaVariables'>>;

const NO_TEMPLATE = { wabaTemplateName: null, wabaTemplateLanguage: null, wabaVariables: null };

/**
 * The flow's sending connection (issue 17): absent = unchanged, null = the owner's default, an id = one of the
 * owner's own connections (another owner's, or a missing one, is a 400 naming the field). A WhatsApp Business
 * account needs one of its approved templates and a value for each {{n}} (docs/flows.md "WhatsApp Business
 * template"); any other connection clears them. Checked only when one of the three fields is sent.
 */
async function sendingFields(db: Tx, userId: number, body: SendingInput, current?: FlowRow): Promise<SendingColumns> {
  const { connectionId, wabaTemplate, wabaVariables } = body;
  if (connectionId === undefined && wabaTemplate === undefined && wabaVariables === undefined) return {};
  const id = connectionId !== undefined ? connectionId : (current?.connectionId ?? null);
  const connection = id === null ? undefined : await connectionOf(db, userId, id);
  if (id !== null && !connection) throw invalidField('connectionId', 'connectionNotFound');
  const changed = connectionId === undefined ? {} : { connectionId };
  if (connection?.kind !== 'waba') {
    if (wabaTemplate) throw invalidField('wabaTemplate', 'wabaTemplateNotApproved');
    return { ...changed, ...NO_TEMPLATE };
  }
  const sameAccount = connectionId === undefined || connectionId === current?.connectionId;
  const kept = sameAccount && current?.wabaTemplateName && current.wabaTemplateLanguage ? { name: current.wabaTemplateName, language: current.wabaTemplateLanguage } : null;
  const chosen = wabaTemplate !== undefined ? wabaTemplate : kept;
  const template = chosen ? await wabaTemplateOf(db, connection.id, chosen.name, chosen.language) : undefined;
  if (!chosen || !sendableTemplate(template)) throw invalidField('wabaTemplate', 'wabaTemplateNotApproved');
  const mapping = (wabaVariables ?? (sameAccount ? current?.wabaVariables : null) ?? []) as WabaVariable[];
  const count = templateVariableCount(template.body);
  if (firstUnmapped(count, mapping) !== undefined) throw invalidField('wabaVariables', 'wabaVariablesMissing');
  return { ...changed, wabaTemplateName: template.name, wabaTemplateLanguage: template.language, wabaVariables: mapping.slice(0, count) };
}

/** A copy sends as its original does. */
const sendingOf = (row: FlowRow): SendingColumns => ({ connectionId: row.connectionId, wabaTemplateName: row.wabaTemplateName, wabaTemplateLanguage: row.wabaTemplateLanguage, wabaVariables: row.wabaVariables });

/** A duplicate's name says "copy" in its owner's language (docs/glossary.md). */
const COPY_SUFFIX = { ru: '(копия)', en: '(copy)', uk: '(копія)', pt_br: '(cópia)' } as const;

type Ops = 'listFlows' | 'createFlow' | 'getFlow' | 'updateFlow' | 'deleteFlow' | 'duplicateFlow' | 'pauseFlow' | 'resumeFlow';

/** A customer's own flows (§2 flows list, §4 actions). Every call is scoped to the caller's user id. */
export function flowHandlers(ctx: AppContext): Handlers<Ops> {
  const { db, config } = ctx;
  const now = () => new Date(config.now());
  const present = async (userId: number, row: FlowRow) =>
    toFlow(row, (await availabilityFor(db, userId, config.now()))(row.type));

  return {
    async listFlows(req) {
      const { userId } = requireAuth(req);
      const q = req.query;
      return listFlows(db, userId, config.now(), {
        page: q.page ?? 1,
        pageSize: q.pageSize ?? 20,
        search: q.search,
        status: q.status,
        sort: q.sort ?? 'edited',
        order: q.order ?? 'desc',
      });
    },

    async createFlow(req, reply) {
      const { userId } = requireAuth(req);
      // FlowInput requires title, content and type (allOf), which the generated type does not express.
      const { connectionId, wabaTemplate, wabaVariables, ...patch } = req.body;
      const fields = applyPatch(emptyFields(req.body.type!), patch);
      assertValid(fields, config.now(), await businessZone(db, userId));
      const connection = await sendingFields(db, userId, { connectionId, wabaTemplate, wabaVariables });
      const nextStart = plannedStart(req.body.nextStart, config.now());
      const at = now();
      const row = await insertFlow(db, { userId, ...columnsOf(fields), ...nextStart, ...connection, status: 'Pause', createdAt: at, editedAt: at });
      reply.code(201);
      return present(userId, row);
    },

    async getFlow(req) {
      const { userId } = requireAuth(req);
      return present(userId, await loadOwnFlow(db, userId, req.params.flowId));
    },

    async updateFlow(req) {
      const { userId } = requireAuth(req);
      const row = await loadOwnFlow(db, userId, req.params.flowId);
      const { connectionId, wabaTemplate, wabaVariables, ...patch } = req.body;
      // A running distribution keeps its mode (docs/distributions.md "Lifecycle and statuses").
      if (row.type === 'distribution' && patch.mode !== undefined && patch.mode !== row.mode && ['InQueue', 'Waiting', 'Working'].includes(row.status)) {
        throw new HttpError(409, 'distributionRunning');
      }
      const fields = applyPatch(fieldsOf(row), patch);
      assertValid(fields, config.now(), await businessZone(db, userId));
      const connection = await sendingFields(db, userId, { connectionId, wabaTemplate, wabaVariables }, row);
      const nextStart = plannedStart(req.body.nextStart, config.now());
      const updated = await updateFlow(db, row.id, { ...columnsOf(fields), ...nextStart, ...connection, editedAt: now() });
      return present(userId, updated);
    },

    async deleteFlow(req) {
      const { userId } = requireAuth(req);
      const row = await loadOwnFlow(db, userId, req.params.flowId, { distributions: false });
      await deleteFlows(db, [row.id]);
      return { message: flowMessages.flowRemoved };
    },

    async duplicateFlow(req, reply) {
      const { userId } = requireAuth(req);
      const row = await loadOwnFlow(db, userId, req.params.flowId, { distributions: false });
      const fields = fieldsOf(row);
      const { timeZone: zone, language } = await ownerRegion(db, userId);
      const title = `${fields.title} ${COPY_SUFFIX[language]}`.slice(0, TITLE_MAX);
      const at = now();
      // A copy starts paused with no run history; an end date already too close would make it invalid, so drop it.
      const endDate = fields.endDate !== null && !endDateTooSoon(fields.type, fields.endDate, Math.floor(config.now() / 1000), zone) ? fields.endDate : null;
      const copy = await insertFlow(db, { userId, ...columnsOf({ ...fields, title, endDate }), ...sendingOf(row), status: 'Pause', createdAt: at, editedAt: at });
      reply.code(201);
      return present(userId, copy);
    },

    async pauseFlow(req) {
      const { userId } = requireAuth(req);
      const row = await loadOwnFlow(db, userId, req.params.flowId, { distributions: false });
      if (!canPause(row.status)) throw new HttpError(409, 'flowStopFailed');
      const updated = await updateFlow(db, row.id, { status: 'Pause', nextStart: null });
      return present(userId, updated);
    },

    async resumeFlow(req) {
      const { userId } = requireAuth(req);
      const row = await loadOwnFlow(db, userId, req.params.flowId, { distributions: false });
      const available = await availabilityFor(db, userId, config.now());
      if (!available(row.type)) throw new HttpError(409, 'flowNotAvailable');
      if (!canResume(row.status)) throw new HttpError(409, 'flowResumeFailed');
      const updated = await updateFlow(db, row.id, { status: runningStatus(row.type), lastStart: now() });
      return toFlow(updated, true);
    },
  };
}
