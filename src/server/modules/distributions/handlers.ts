import { TITLE_MAX } from '../../../shared/flows/index.ts';
import { defaultFlowText } from '../../../shared/flows/templates.ts';
import { distributionMessages, type DistributionMessageKey } from '../../../shared/distributions/messages.ts';
import { fromSystemLanguage } from '../../../i18n/locales.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { HttpError } from '../../platform/http/problem.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { businessProfiles, distributionOwner as ownerFacts } from '../account/store.ts';
import { columnsOf, emptyFields, fieldsOf } from '../flows/mapping.ts';
import { insertFlow, updateFlow } from '../flows/store.ts';
import { availabilityFor } from '../flows/tariffs.ts';
import { countsOf, testRunsOf } from './queries-counts.ts';
import { startOfLocalDay } from '../../delivery/time.ts';
import { cancel, pause, remove, resume, start } from './lifecycle.ts';
import { listPage, loadOwn, loadOwnMany } from './queries-list.ts';
import { effectiveCap, fullFilters, toDistribution } from './mapping.ts';
import { segmentExists } from './store-segments.ts';
import { copyRecipients, insertDistribution, isRunning, updateDistribution, type Loaded } from './store.ts';

type Ops = 'listDistributions' | 'createDistribution' | 'getDistribution' | 'updateDistribution' | 'deleteDistribution' | 'duplicateDistribution' | 'controlDistribution' | 'bulkDistributions';

/** A duplicate's name says "copy" in its owner's language (docs/glossary.md), as a flow's does. */
const COPY_SUFFIX = { ru: '(копия)', en: '(copy)', uk: '(копія)', pt_br: '(cópia)' } as const;

const outcome = (id: number, ok: boolean, code: DistributionMessageKey) => ({ id, ok, code, message: distributionMessages[code] });

/** The distributions and their lifecycle (list, create, edit, start, pause, resume, cancel, duplicate, delete, bulk). */
export function distributionHandlers(ctx: AppContext): Handlers<Ops> {
  const { db, config } = ctx;
  const maxCap = config.distributionDailyMax;
  const available = async (userId: number) => (await availabilityFor(db, userId, config.now()))('distribution');

  /** The page's distributions with their counts: two aggregates for the whole page, never one per row. */
  async function present(userId: number, list: Loaded[]) {
    const ids = list.map((d) => d.flow.id);
    const owner = await ownerFacts(db, userId);
    const [counts, tests, open] = [await countsOf(db, ids, new Date(startOfLocalDay(config.now(), owner.timeZone))), await testRunsOf(db, ids), await available(userId)];
    return list.map((d) => toDistribution(d, { counts: counts.get(d.flow.id)!, testRun: tests.get(d.flow.id), available: open, now: config.now(), zone: owner.timeZone, maxCap }));
  }
  const one = async (userId: number, id: number) => (await present(userId, [await loadOwn(db, userId, id)]))[0]!;
  const refuseTestUser = async (userId: number) => {
    if ((await ownerFacts(db, userId)).isTestUser) throw new HttpError(403, 'testUserDistribution');
  };

  return {
    async listDistributions(req) {
      const { userId } = requireAuth(req);
      const q = req.query;
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? 20;
      const { rows, total } = await listPage(db, userId, await available(userId), { page, pageSize, search: q.search, status: q.status, mode: q.mode, type: q.type, sort: q.sort ?? 'edited', order: q.order ?? 'desc' });
      return { distributions: await present(userId, rows), page, pages: Math.max(1, Math.ceil(total / pageSize)), total };
    },

    async createDistribution(req, reply) {
      const { userId } = requireAuth(req);
      const owner = await ownerFacts(db, userId);
      if (owner.isTestUser) throw new HttpError(403, 'testUserDistribution');
      const text = defaultFlowText('distribution', fromSystemLanguage(owner.language) ?? 'en');
      const fields = { ...emptyFields('distribution'), title: req.body.title ?? text.title, content: text.content, firstSendOnly: false };
      const at = new Date(config.now());
      const id = await db.transaction(async (tx) => {
        const flow = await insertFlow(tx, { userId, ...columnsOf(fields), status: 'Pause', mode: 'test', createdAt: at, editedAt: at });
        await insertDistribution(tx, { flowId: flow.id, userId, dailyCap: effectiveCap(300, maxCap) });
        return flow.id;
      });
      reply.code(201);
      return one(userId, id);
    },

    async getDistribution(req) {
      const { userId } = requireAuth(req);
      return one(userId, req.params.distributionId);
    },

    async updateDistribution(req) {
      const { userId } = requireAuth(req);
      const d = await loadOwn(db, userId, req.params.distributionId);
      const b = req.body;
      if (b.dailyCap !== undefined && maxCap > 0 && b.dailyCap > maxCap) throw invalidField('dailyCap', 'dailyCapTooHigh', { params: { max: maxCap } });
      if (b.segmentId != null && !(await segmentExists(db, userId, b.segmentId))) throw invalidField('segmentId', 'segmentNotFound');
      // The audience stays as it was built while the distribution runs; the schedule and cap may change.
      const audience = b.source !== undefined || b.filters !== undefined || b.useSubscribed !== undefined || b.ignoreNoDialogue !== undefined;
      if (audience && isRunning(d.flow.status)) throw new HttpError(409, 'distributionRunning');
      const at = new Date(config.now());
      await db.transaction(async (tx) => {
        await updateDistribution(tx, d.flow.id, {
          ...(b.source !== undefined ? { source: b.source } : {}),
          ...(b.filters !== undefined ? { filters: fullFilters({ ...fullFilters(d.dist.filters), ...b.filters }) } : {}),
          ...(b.segmentId !== undefined ? { segmentId: b.segmentId } : {}),
          ...(b.useSubscribed !== undefined ? { useSubscribed: b.useSubscribed } : {}),
          ...(b.ignoreNoDialogue !== undefined ? { ignoreNoDialogue: b.ignoreNoDialogue } : {}),
          ...(b.daysOfWeek !== undefined ? { daysOfWeek: [...b.daysOfWeek].sort((x, y) => x - y) } : {}),
          ...(b.startDate !== undefined ? { startDate: b.startDate === null ? null : new Date(b.startDate * 1000) } : {}),
          ...(b.dailyCap !== undefined ? { dailyCap: b.dailyCap } : {}),
        });
        await updateFlow(tx, d.flow.id, { editedAt: at });
      });
      return one(userId, d.flow.id);
    },

    async deleteDistribution(req) {
      const { userId } = requireAuth(req);
      const d = await loadOwn(db, userId, req.params.distributionId);
      await db.transaction((tx) => remove(tx, [d.flow.id]));
      return { message: distributionMessages.distributionRemoved };
    },

    async duplicateDistribution(req, reply) {
      const { userId } = requireAuth(req);
      const d = await loadOwn(db, userId, req.params.distributionId);
      await refuseTestUser(userId);
      const owner = await ownerFacts(db, userId);
      const fields = fieldsOf(d.flow);
      const title = `${fields.title} ${COPY_SUFFIX[owner.language]}`.slice(0, TITLE_MAX);
      const at = new Date(config.now());
      const sending = { connectionId: d.flow.connectionId, wabaTemplateName: d.flow.wabaTemplateName, wabaTemplateLanguage: d.flow.wabaTemplateLanguage, wabaVariables: d.flow.wabaVariables };
      const id = await db.transaction(async (tx) => {
        // The image is shared by URL as a duplicated flow's is (the flows module keeps a file another flow shows).
        const flow = await insertFlow(tx, { userId, ...columnsOf({ ...fields, title, endDate: null }), ...sending, mode: 'test', status: 'Pause', createdAt: at, editedAt: at });
        const { flowId: _f, builtAt: _b, doneAt: _d, testRuns: _t, testStartedAt: _s, ...settings } = d.dist;
        await insertDistribution(tx, { ...settings, flowId: flow.id });
        await copyRecipients(tx, d.flow.id, flow.id);
        return flow.id;
      });
      reply.code(201);
      return one(userId, id);
    },

    async controlDistribution(req) {
      const { userId } = requireAuth(req);
      const d = await loadOwn(db, userId, req.params.distributionId);
      const action = req.params.action;
      const now = config.now();
      if (action === 'Start') await refuseTestUser(userId);
      if ((action === 'Start' || action === 'Resume') && !(await available(userId))) throw new HttpError(403, 'distributionNotAvailable');
      if (action === 'Start') await start(db, d, now, (await businessProfiles(db, [userId])).get(userId)?.phone ?? null, config.delivery.channel);
      else if (action === 'Pause') await pause(db, d);
      else if (action === 'Resume') await resume(db, d, now);
      else await cancel(db, d, now);
      return one(userId, d.flow.id);
    },

    async bulkDistributions(req) {
      const { userId } = requireAuth(req);
      const { ids } = req.body;
      const action = req.params.action;
      const own = await loadOwnMany(db, userId, ids);
      const open = action === 'Resume' ? await available(userId) : true;
      const results = [];
      for (const id of ids) {
        const d = own.get(id);
        if (!d) {
          results.push(outcome(id, false, 'distributionInvalidId'));
          continue;
        }
        try {
          if (action === 'Delete') {
            await db.transaction((tx) => remove(tx, [id]));
            results.push(outcome(id, true, 'distributionRemoved'));
          } else if (action === 'Pause') {
            await pause(db, d);
            results.push(outcome(id, true, 'distributionStopped'));
          } else {
            if (!open) throw new HttpError(403, 'distributionNotAvailable');
            await resume(db, d, config.now());
            results.push(outcome(id, true, 'distributionResumed'));
          }
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const code: DistributionMessageKey = action === 'Delete' ? 'distributionRemoveFailed' : action === 'Pause' ? 'distributionStopFailed' : error.code === 'distributionNotAvailable' ? 'distributionNotAvailable' : 'distributionResumeFailed';
          results.push(outcome(id, false, code));
        }
      }
      return { results, succeeded: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
    },
  };
}
