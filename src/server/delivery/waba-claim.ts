import { insideWindow, renderTemplate, templateLogText, templateValues, templateVariableCount, type WabaVariable } from '../../shared/flows/waba.ts';
import type { MessageVariable } from '../../shared/flows/variables.ts';
import type { FlowRow } from '../modules/flows/mapping.ts';
import { sendableTemplate } from '../modules/connections/waba-for-flows.ts';
import { wabaTemplateKey, wabaTemplatesAmong } from '../modules/connections/store-waba.ts';
import { lastIncomingAmong, peerKey } from '../modules/conversations/store.ts';
import type { Tx } from '../platform/db/transactions.ts';
import type { OutgoingTemplate } from './channels/channel.ts';
import { WAITING_WABA_TEMPLATE } from './number-policy.ts';

// What a claimed message of a WhatsApp Business flow sends (docs/connections.md "WhatsApp Business (360dialog)"):
// the flow's own text when the client wrote to that account within 24 hours, its template otherwise. Two reads per
// claimed batch, never one per message: the flows' templates and when each client last wrote to the account.

export type WabaPlan = { wait: string } | { text: string; template: OutgoingTemplate };

export interface WabaBatch {
  /** The plan of one message to `to` through `connectionId`; `text` is the flow's text rendered for it. */
  plan(flow: FlowRow | undefined, connectionId: number, to: string, variables: Partial<Record<MessageVariable, string>>, text: string): WabaPlan;
}

/** A flow that has a template on a WhatsApp Business account. */
const usesTemplate = (flow: FlowRow | undefined): flow is FlowRow & { connectionId: number; wabaTemplateName: string; wabaTemplateLanguage: string } =>
  Boolean(flow?.wabaTemplateName && flow.wabaTemplateLanguage && flow.connectionId !== null);

/** Reads what the batch's WhatsApp Business messages need: `wanted` lists each message's flow and the phones it may go to. */
export async function prepareWaba(tx: Tx, wanted: { userId: number; flow: FlowRow | undefined; phones: string[] }[], now: number): Promise<WabaBatch> {
  const uses = wanted.filter((w) => usesTemplate(w.flow));
  const templateOf = (flow: FlowRow & { connectionId: number; wabaTemplateName: string; wabaTemplateLanguage: string }) => ({
    connectionId: flow.connectionId,
    name: flow.wabaTemplateName,
    language: flow.wabaTemplateLanguage,
  });
  const templates = await wabaTemplatesAmong(tx, uses.map((w) => templateOf(w.flow as Parameters<typeof templateOf>[0])));
  const lastIncoming = await lastIncomingAmong(
    tx,
    uses.flatMap((w) => w.phones.map((phone) => ({ user_id: w.userId, connection_id: w.flow!.connectionId!, phone }))),
  );
  return {
    plan(flow, connectionId, to, variables, text) {
      if (!usesTemplate(flow)) return { wait: WAITING_WABA_TEMPLATE };
      const template = templates.get(wabaTemplateKey(templateOf(flow)));
      // Deleted, paused or disabled by Meta since the flow chose it: the messages wait for the owner to choose again.
      if (!sendableTemplate(template)) return { wait: WAITING_WABA_TEMPLATE };
      const values = templateValues(templateVariableCount(template.body), (flow.wabaVariables ?? []) as WabaVariable[], variables);
      const logText = templateLogText(template.name, renderTemplate(template.body, values));
      const freeTextFirst = insideWindow(lastIncoming.get(peerKey({ connection_id: connectionId, phone: to })), now);
      return { text: freeTextFirst ? text : logText, template: { name: template.name, language: template.language, variables: values, logText, freeTextFirst } };
    },
  };
}
