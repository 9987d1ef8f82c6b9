import type { Tx } from '../platform/db/transactions.ts';
import { fallbackOrdersOf, sendersOf, startWarmups, type Sender } from '../modules/connections/sending/store.ts';
import type { FallbackKind } from '../modules/connections/sending/schema.ts';
import type { Address, Destination } from '../modules/phones/subscribers/address.ts';
import type { ChannelName } from './channels/channel.ts';
import { countsByConnection } from './store-claim.ts';
import type { MessageRow } from './source.ts';
import { dailyCapOnDay, nextSendingDay, NO_ROUTE, NOT_ON_WHATSAPP, NUMBER_CAP_REACHED, NUMBER_POLICY, QUIET_HOURS, quietUntil, startOfDay, WAITING_DISCONNECTED, WAITING_PAUSED, WAITING_WABA, WAITING_WABA_GONE, warmupDay } from './number-policy.ts';

// Which connection a message leaves through (docs/connections.md "Sending and pacing"): the flow's connection or
// the owner's first usable WhatsApp number, then the owner's fallback order; and the number's own limits (daily cap
// with warm-up, quiet hours). Read once per claimed batch; the claim asks per message.

/** Where a message goes: the channel adapter's kind and, for an owner's own connection, which one (and its session). */
export interface Route {
  channel: ChannelName;
  connectionId: number | null;
  session: string | null;
  /** Another kind of the fallback order can still reach the client (a "not on WhatsApp" answer tries it). */
  more: boolean;
}

export type Routed = { route: Route } | { wait: { reason: string; until: number; connectionId: number | null } } | { cancel: string } | { fail: string };

/** What the router knows of the server: the operator's own WhatsApp session (WAHA_SESSION) and the Telegram bot. */
export interface RoutingOptions {
  operatorSession?: string;
  telegramBot: boolean;
  /** What each of these Twilio connections sends (its sealed sender: `+…` SMS, `whatsapp:+…` WhatsApp). */
  twilioChannels?: (tx: Tx, ids: number[]) => Promise<Map<number, TwilioChannel>>;
}

export type TwilioChannel = 'sms' | 'whatsapp';

/** What the flow says about sending: its connection, and whether it has a WhatsApp Business template. */
export interface FlowSending {
  connectionId: number | null;
  wabaTemplate: boolean;
}

/**
 * The channels each kind of the fallback order may send through (the subscriber rule is asked for all of them in
 * the batch's one lookup): WhatsApp by a WAHA number, a Twilio WhatsApp sender or a WhatsApp Business account (the
 * flow's choice only), SMS by Twilio or Sigma.
 */
const CHANNELS_OF: Record<FallbackKind, ChannelName[]> = { whatsapp: ['waha', 'twilio', 'waba'], telegram: ['telegram'], sms: ['twilio', 'sigma'] };

const linked = (s: Sender) => (s.state === 'Connected' || s.state === 'Authorized') && s.session !== null;
export const usable = (s: Sender) => s.kind === 'whatsapp' && linked(s) && s.pausedAt === null;
/** A provider account (Twilio, Sigma, WhatsApp Business) sends while its credentials were accepted (Connected) and it is not paused. */
const accountUp = (s: Sender) => s.state === 'Connected' && s.pausedAt === null;

export interface Router {
  /** The destinations the subscriber rule must answer for (each kind the owner may use), for the batch's one lookup. */
  destinations(m: MessageRow, phone: string): Destination[];
  /** The route of a message to `phone` given the subscriber rule's answers. */
  route(m: MessageRow, flow: FlowSending, phone: string, addressOf: (d: Destination) => Address): Routed;
  /** The number's own limits for a route chosen: undefined = send now (and it is counted), else wait until. */
  admit(route: Route, zone: string): { reason: string; until: number } | undefined;
  /** A taken-over message goes back where it was sent. */
  resume(m: MessageRow): Route;
  /** Starts the warm-up of the numbers that sent for the first time in this batch. */
  finish(): Promise<void>;
}

export async function prepareRouting(tx: Tx, rows: MessageRow[], zoneOf: (userId: number) => string, now: number, options: RoutingOptions): Promise<Router> {
  const ownerIds = [...new Set(rows.map((r) => r.userId))];
  const all = await sendersOf(tx, ownerIds);
  const byOwner = new Map<number, Sender[]>();
  for (const s of all) byOwner.set(s.userId, [...(byOwner.get(s.userId) ?? []), s]);
  const byId = new Map(all.map((s) => [s.id, s]));
  const orders = await fallbackOrdersOf(tx, ownerIds);
  // Today's sends of every usable number of these owners (one statement), counted on as the batch sends.
  const counts = await countsByConnection(
    tx,
    all.filter(usable).map((s) => ({ connection_id: s.id, since: new Date(startOfDay(now, zoneOf(s.userId))).toISOString() })),
  );
  const warmups = new Set<number>();
  const twilioIds = all.filter((s) => s.kind === 'twilio' && accountUp(s)).map((s) => s.id);
  const twilioOf = twilioIds.length && options.twilioChannels ? await options.twilioChannels(tx, twilioIds) : new Map<number, TwilioChannel>();
  const twilioSends = (s: Sender | undefined, what: TwilioChannel) => s?.kind === 'twilio' && accountUp(s) && twilioOf.get(s.id) === what;
  /** The owner's first SMS account by id: a Twilio SMS sender or a Sigma account. */
  const smsOf = (own: Sender[]) => own.find((s) => twilioSends(s, 'sms') || (s.kind === 'sigma' && accountUp(s)));

  const kindsOf = (m: MessageRow): FallbackKind[] => (orders.get(m.userId) ?? ['whatsapp']).filter((k) => !(k === 'whatsapp' && m.reason === NOT_ON_WHATSAPP));

  return {
    destinations(m, phone) {
      return kindsOf(m).flatMap((k) => CHANNELS_OF[k].map((channel) => ({ userId: m.userId, channel, phone })));
    },
    route(m, flow, phone, addressOf) {
      const flowConnection = flow.connectionId;
      const own = byOwner.get(m.userId) ?? [];
      const routes: Omit<Route, 'more'>[] = [];
      let wait: { reason: string; connectionId: number | null } | undefined;
      let cancel: string | undefined;
      /** The route when the subscriber rule lets `channel` reach the client (else its cancel reason is kept). */
      const reach = (channel: ChannelName, connectionId: number | null, session: string | null) => {
        const address = addressOf({ userId: m.userId, channel, phone });
        if ('cancel' in address) cancel ??= address.cancel;
        else routes.push({ channel, connectionId, session });
      };
      for (const kind of kindsOf(m)) {
        if (kind === 'telegram') {
          if (options.telegramBot) reach('telegram', null, null);
          continue;
        }
        if (kind === 'sms') {
          const sms = smsOf(own);
          if (sms) reach(sms.kind as 'twilio' | 'sigma', sms.id, null);
          continue;
        }
        // A flow of a WhatsApp Business account sends through it alone (its template is for that account); while
        // the account cannot send, or after it was deleted (the template stays on the flow), the messages wait.
        const account = flowConnection === null ? undefined : byId.get(flowConnection);
        if (account?.kind === 'waba' || (flow.wabaTemplate && !account)) {
          if (account && accountUp(account)) reach('waba', account.id, null);
          else {
            const address = addressOf({ userId: m.userId, channel: 'waba', phone });
            if ('cancel' in address) cancel ??= address.cancel;
            else wait ??= { reason: account ? WAITING_WABA : WAITING_WABA_GONE, connectionId: account?.id ?? null };
          }
          continue;
        }
        // WhatsApp: the flow's own number when it names one, else the owner's first usable number (by id); an owner
        // without any WAHA number may send WhatsApp through a Twilio WhatsApp sender before the operator's number.
        const chosen = flowConnection !== null ? byId.get(flowConnection) : undefined;
        const twilio = chosen ? (twilioSends(chosen, 'whatsapp') ? chosen : undefined) : own.some((s) => s.kind === 'whatsapp') ? undefined : own.find((s) => twilioSends(s, 'whatsapp'));
        const sender = chosen ?? own.find(usable);
        if (twilio) reach('twilio', twilio.id, null);
        else if (sender && usable(sender)) reach('waha', sender.id, sender.session);
        else if (!chosen && !own.some((s) => s.kind === 'whatsapp') && options.operatorSession) reach('waha', null, options.operatorSession);
        else {
          const address = addressOf({ userId: m.userId, channel: 'waha', phone });
          const waited = chosen ?? own.find((s) => s.kind === 'whatsapp' && linked(s));
          if ('cancel' in address) cancel ??= address.cancel;
          else wait ??= { reason: waited?.pausedAt ? WAITING_PAUSED : WAITING_DISCONNECTED, connectionId: chosen?.id ?? null };
        }
      }
      if (routes.length) return { route: { ...routes[0]!, more: routes.length > 1 } };
      if (wait) return { wait: { ...wait, until: now + NUMBER_POLICY.waitingRecheckMs } };
      if (cancel) return { cancel };
      return { fail: m.reason === NOT_ON_WHATSAPP ? NOT_ON_WHATSAPP : NO_ROUTE };
    },
    admit(route, zone) {
      if (route.connectionId === null) return undefined;
      // Quiet hours spare the client on every own connection; the daily cap and warm-up guard WhatsApp numbers only.
      const quiet = quietUntil(now, zone);
      if (quiet !== undefined) return { reason: QUIET_HOURS, until: quiet };
      if (route.channel !== 'waha') return undefined;
      const sender = byId.get(route.connectionId)!;
      const since = sender.warmupStartedAt?.getTime() ?? now;
      const sent = counts.get(sender.id) ?? 0;
      if (sent >= dailyCapOnDay(warmupDay(since, now, zone))) return { reason: NUMBER_CAP_REACHED, until: nextSendingDay(now, zone) };
      counts.set(sender.id, sent + 1);
      if (!sender.warmupStartedAt) warmups.add(sender.id);
      return undefined;
    },
    resume(m) {
      const sender = m.connectionId === null ? undefined : byId.get(m.connectionId);
      const session = sender?.session ?? (m.channel === 'waha' && m.connectionId === null ? (options.operatorSession ?? null) : null);
      return { channel: m.channel, connectionId: m.connectionId, session, more: false };
    },
    async finish() {
      await startWarmups(tx, [...warmups], new Date(now));
    },
  };
}
