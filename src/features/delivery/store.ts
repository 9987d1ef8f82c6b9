import type { components } from '../../api/schema.d.ts';
import type { T } from '../../i18n/translate.ts';
import { api } from '../../api/browser.ts';
import { OWNER_KINDS } from '../../shared/flows/kinds.ts';

export type DeliveryMessage = components['schemas']['DeliveryMessage'];
export type DeliveryMessageList = components['schemas']['DeliveryMessageList'];
export type DeliveryStatus = components['schemas']['DeliveryStatus'];
export type FlowConversion = components['schemas']['FlowConversion'];

export const STATUSES: DeliveryStatus[] = ['queued', 'sending', 'sent', 'delivered', 'read', 'replied', 'failed', 'cancelled'];
export const CHANNELS = ['sandbox', 'waha', 'telegram', 'twilio', 'sigma', 'waba'] as const;
export type ChannelName = (typeof CHANNELS)[number];
/** §9 conversion windows in days. */
export const WINDOWS = [7, 14, 21, 30] as const;
export type Window = (typeof WINDOWS)[number];
export const PAGE_SIZE = 20;

export interface LogFilters {
  flowId?: number;
  status?: DeliveryStatus;
  channel?: ChannelName;
  page: number;
}

const positive = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);
const oneOf = <V extends string>(list: readonly V[], raw: string | null) => (list as readonly string[]).includes(raw ?? '') ? (raw as V) : undefined;

/** The log filters from the page query, so a filtered view survives a reload and can be shared; junk is ignored. */
export function filtersFrom(search: string): LogFilters {
  const q = new URLSearchParams(search);
  return { flowId: positive(q.get('flowId')), status: oneOf(STATUSES, q.get('status')), channel: oneOf(CHANNELS, q.get('channel')), page: positive(q.get('page')) ?? 1 };
}

/** The query string of the filters, defaults left out ('' when nothing is set). */
export function queryOf(f: LogFilters): string {
  const q = new URLSearchParams();
  if (f.flowId) q.set('flowId', String(f.flowId));
  if (f.status) q.set('status', f.status);
  if (f.channel) q.set('channel', f.channel);
  if (f.page > 1) q.set('page', String(f.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const windowFrom = (search: string): Window => (WINDOWS as readonly number[]).find((d) => String(d) === new URLSearchParams(search).get('days')) as Window ?? 7;

export const listMessages = (f: LogFilters) =>
  api().GET('/Messages', { params: { query: { page: f.page, pageSize: PAGE_SIZE, ...(f.flowId ? { flowId: f.flowId } : {}), ...(f.status ? { status: f.status } : {}), ...(f.channel ? { channel: f.channel } : {}) } } });

/** What the sandbox recipient can still do with a message in this status (statuses only move forward). */
export type SandboxEvent = 'delivered' | 'read' | 'replied';
const SANDBOX_EVENTS: SandboxEvent[] = ['delivered', 'read', 'replied'];
const SANDBOX_FROM: Partial<Record<DeliveryStatus, number>> = { sent: 0, delivered: 1, read: 2 };
export const sandboxNext = (m: DeliveryMessage): SandboxEvent[] =>
  m.channel === 'sandbox' && SANDBOX_FROM[m.status] !== undefined ? SANDBOX_EVENTS.slice(SANDBOX_FROM[m.status]) : [];

export const playSandboxEvent = (messageId: number, status: SandboxEvent) => api().POST('/Messages/{messageId}/SandboxEvent', { params: { path: { messageId } }, body: { status } });

export const flowConversion = (flowId: number, days: Window) => api().GET('/Flows/{flowId}/Conversion', { params: { path: { flowId }, query: { days } } });

/** The owner's flows for the pickers: the newest 100 edited, which covers every account the list screen pages through. */
export async function flowOptions(): Promise<{ id: number; title: string }[] | undefined> {
  const { data } = await api()
    .GET('/Flows', { params: { query: { page: 1, pageSize: 100 } } })
    .catch(() => ({ data: undefined }));
  return data?.flows.map((f) => ({ id: f.id, title: f.title }));
}

/** Statuses of a message that went out: a flow with one of these has something to measure. */
const WENT_OUT: DeliveryStatus[] = ['sent', 'delivered', 'read', 'replied'];

/** The flow of the latest message that reached a client (among the newest of each such status), or undefined when none did. */
export async function latestSentFlowId(): Promise<number | undefined> {
  const answers = await Promise.all(
    WENT_OUT.map((status) => api().GET('/Messages', { params: { query: { page: 1, pageSize: 20, status } } }).catch(() => ({ data: undefined }))),
  );
  // Conversion counts clients messaged at their own number: a report to the owner or a test-mode send shows nobody.
  const latest = answers
    .flatMap((a) => a.data?.messages ?? [])
    .filter((m) => m.flowId !== null && m.sentTo === m.recipient && !(OWNER_KINDS as readonly string[]).includes(m.kind))
    .sort((a, b) => (b.sentUnixTime ?? 0) - (a.sentUnixTime ?? 0))[0];
  return latest?.flowId ?? undefined;
}

// The engine's and the channel adapters' fixed reasons (src/server/delivery) by translation key. A provider's own
// words (its error text) are English and of no use to an owner: they read as the nearest category instead.
const REASONS: Record<string, string> = {
  'record moved': 'recordMoved',
  'client arrived': 'clientArrived',
  'client did not come': 'clientNoShow',
  'record cancelled': 'recordCancelled',
  'superseded by a later change': 'superseded',
  'order cancelled': 'orderCancelled',
  'order confirmed': 'orderConfirmed',
  'superseded by a later status': 'supersededStatus',
  'already sent to this client (first send only)': 'firstSendOnly',
  blacklisted: 'blacklisted',
  'daily cap reached': 'dailyCap',
  'repeat-visit cap of 200 a day reached': 'repeatVisitCap',
  'You have reached your message limit': 'limitReached',
  'filtered out': 'filteredOut',
  'flow ended': 'flowEnded',
  'flow removed': 'flowRemoved',
  'no test number': 'noTestNumber',
  'test number removed': 'testNumberRemoved',
  'owner blocked': 'ownerBlocked',
  'outside sending hours': 'outsideHours',
  'failed at the provider': 'provider',
  'outcome unknown': 'outcomeUnknown',
  unsubscribed: 'unsubscribed',
  'not subscribed in Telegram': 'notSubscribedTelegram',
  'invalid recipient': 'invalidRecipient',
  'text too long': 'textTooLong',
  'rate limited': 'retrying',
  'network error': 'retrying',
  timeout: 'retrying',
  'unreadable provider answer': 'retrying',
  'session starting': 'sessionStarting',
  'session not found': 'senderDown',
  'gateway rejected the API key': 'senderRejected',
  'bot token rejected': 'senderRejected',
  'bot was blocked by the user': 'botBlocked',
  // Sending through the owner's connection (issue 17, src/server/delivery/number-policy.ts).
  'waiting: WhatsApp disconnected': 'waitingDisconnected',
  'waiting: WhatsApp number paused': 'waitingPaused',
  'number daily cap reached': 'numberCap',
  'quiet hours': 'quietHours',
  'not on WhatsApp': 'notOnWhatsApp',
  'no channel reaches the client': 'noRoute',
  // WhatsApp Business flows (number-policy.ts WAITING_WABA*, channels/waba.ts).
  'waiting: WhatsApp Business account disconnected': 'wabaWaiting',
  'waiting: WhatsApp Business account deleted': 'wabaGone',
  'waiting: WhatsApp Business template not approved': 'wabaTemplate',
  '360dialog refused the API key': 'senderRejected',
  'template missing (not approved in this language)': 'wabaTemplateMissing',
  'template variables do not match': 'wabaTemplateVariables',
  'template paused': 'wabaTemplatePaused',
  'template disabled': 'wabaTemplatePaused',
};

// Reasons that carry a detail after a fixed start (flow-status, dispatcher, waha.ts).
const REASON_STARTS: [string, string][] = [
  ['flow stopped', 'flowStopped'],
  ['session not working', 'senderDown'],
  ['number blocked', 'numberBlocked'],
  ['provider error', 'retrying'],
  ['channel error', 'retrying'],
];

/** The translation key of a reason (the distributions' results word it too); anything unknown reads as 'provider'. */
export const reasonKey = (reason: string): string =>
  REASONS[reason] ?? REASON_STARTS.find(([start]) => reason.startsWith(start))?.[1] ?? 'provider';

/** The reason in the page's language; anything unknown (a provider's own text) reads as "rejected by the messenger". */
export function reasonText(t: T, reason: string | null): string | undefined {
  if (!reason) return undefined;
  return t(`logs.reason.${reasonKey(reason)}`);
}

/**
 * The §8 allowance warning in the page's language, chosen by what is left rather than by the server's English
 * (the texts are the UI kit's: the header and the bell show them too).
 */
export function allowanceText(t: T, a: DeliveryMessageList['allowance']): string | undefined {
  if (a.left === null || !a.warning) return undefined;
  return t(a.left === 0 ? 'ui.allowance.reached' : 'ui.allowance.low');
}
