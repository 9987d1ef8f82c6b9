import { canPause, canResume, checkTestPhones, flowMessages, runningStatus, validateFlow, type FlowMessageKey } from '../../../shared/flows/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { fieldsOf, type FlowRow } from './mapping.ts';
import { deleteFlows, invalid, loadOwnFlows, updateFlows } from './store.ts';
import { availabilityFor } from './tariffs.ts';

/** One id's outcome: `code` is the key of its text (`flowMessages`), `message` that text in English. */
interface Outcome {
  id: number;
  ok: boolean;
  code: FlowMessageKey;
  message: string;
}

const summary = (results: Outcome[]) => ({ results, succeeded: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length });
const success = (id: number, code: FlowMessageKey): Outcome => ({ id, ok: true, code, message: flowMessages[code] });
const failure = (id: number, code: FlowMessageKey): Outcome => ({ id, ok: false, code, message: flowMessages[code] });

/** Occurrences of `find` in `text` and the text with all of them replaced (literal, case-sensitive). */
function replaceAll(text: string, find: string, replace: string) {
  const parts = text.split(find);
  return { matches: parts.length - 1, after: parts.join(replace) };
}

/**
 * Bulk forms of §4 (pause, resume, delete, test numbers, mass text edit). Each requested id gets its own result:
 * success, or the §8 failure text — ids that are not the caller's answer "Flow invalid id" and reveal nothing.
 */
export function bulkFlowHandlers(ctx: AppContext): Handlers<'bulkFlows' | 'bulkFlowTestPhones' | 'bulkFlowTextEdit' | 'previewFlowTextEdit'> {
  const { db, config } = ctx;

  /** The text edit, computed for every id; `rows` lets the caller write what passed. */
  async function planTextEdit(userId: number, ids: number[], find: string, replace: string) {
    const own = await loadOwnFlows(db, userId, ids);
    const nowSeconds = Math.floor(config.now() / 1000);
    return ids.map((id) => {
      const row = own.get(id);
      if (!row) return { row: undefined, ...failure(id, 'flowInvalidId'), matches: 0, before: null, after: null, title: null };
      const { matches, after } = replaceAll(row.content, find, replace);
      const base = { id, row, title: row.title, matches, before: row.content, after };
      if (matches === 0) return { ...base, ...failure(id, 'textNotFound') };
      // Only the new text can break a rule; other fields are as saved (an expired end date is not this edit's fault).
      const error = validateFlow({ ...fieldsOf(row), content: after }, nowSeconds).find((e) => e.field === 'content');
      // A rule failure keeps the rule's own message, which names the field ("content: …").
      return error ? { ...base, ok: false, code: error.code, message: error.message } : { ...base, ...success(id, 'textChanged') };
    });
  }

  return {
    async bulkFlows(req) {
      const { userId } = requireAuth(req);
      const { ids } = req.body;
      const action = req.params.action;
      const own = await loadOwnFlows(db, userId, ids);
      const available = await availabilityFor(db, userId, config.now());
      const results: Outcome[] = [];
      const apply: FlowRow[] = [];
      for (const id of ids) {
        const row = own.get(id);
        if (!row) results.push(failure(id, 'flowInvalidId'));
        else if (action === 'Delete') (apply.push(row), results.push(success(id, 'flowRemoved')));
        else if (action === 'Pause') {
          if (canPause(row.status)) (apply.push(row), results.push(success(id, 'flowStopped')));
          else results.push(failure(id, 'flowStopFailed'));
        } else if (!available(row.type)) results.push(failure(id, 'flowNotAvailable'));
        else if (!canResume(row.status)) results.push(failure(id, 'flowResumeFailed'));
        else (apply.push(row), results.push(success(id, 'flowResumed')));
      }
      if (apply.length) {
        await db.transaction(async (tx) => {
          const idsOf = (rows: FlowRow[]) => rows.map((r) => r.id);
          if (action === 'Delete') await deleteFlows(tx, idsOf(apply));
          else if (action === 'Pause') await updateFlows(tx, idsOf(apply), { status: 'Pause', nextStart: null });
          else {
            const at = new Date(config.now());
            for (const status of ['Waiting', 'Working'] as const) {
              const group = apply.filter((r) => runningStatus(r.type) === status);
              if (group.length) await updateFlows(tx, idsOf(group), { status, lastStart: at });
            }
          }
        });
      }
      return summary(results);
    },

    async bulkFlowTestPhones(req) {
      const { userId } = requireAuth(req);
      const error = checkTestPhones(req.body.testPhones);
      if (error) throw invalid([error]);
      const testPhones = req.body.testPhones.split(',').map((p) => p.trim()).filter(Boolean).join(', ');
      const own = await loadOwnFlows(db, userId, req.body.ids);
      const results = req.body.ids.map((id) => (own.has(id) ? success(id, 'testPhonesChanged') : failure(id, 'flowInvalidId')));
      if (own.size) await updateFlows(db, [...own.keys()], { testPhones, editedAt: new Date(config.now()) });
      return summary(results);
    },

    async previewFlowTextEdit(req) {
      const { userId } = requireAuth(req);
      const plan = await planTextEdit(userId, req.body.ids, req.body.find, req.body.replace);
      return { previews: plan.map(({ row: _row, ...preview }) => preview) };
    },

    async bulkFlowTextEdit(req) {
      const { userId } = requireAuth(req);
      const plan = await planTextEdit(userId, req.body.ids, req.body.find, req.body.replace);
      const at = new Date(config.now());
      await db.transaction(async (tx) => {
        for (const p of plan) if (p.ok) await updateFlows(tx, [p.id], { content: p.after!, editedAt: at });
      });
      return summary(plan.map(({ id, ok, code, message }) => ({ id, ok, code, message })));
    },
  };
}
