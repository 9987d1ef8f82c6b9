import { fromSystemLanguage, type SystemLanguage } from '../../../i18n/locales.ts';
import type { FlowKind } from '../../../shared/flows/kinds.ts';
import { defaultFields, type FlowFields } from '../../../shared/flows/types.ts';
import { findTemplate, defaultFlowText } from '../../../shared/flows/templates.ts';
import { DEMO_TEXTS } from './texts.ts';

// The demo salon as plain data, relative to `now`: pure, so it is built before the transaction opens and tested alone.

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A small deterministic generator: the same salon on every start, only its dates move with today. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The country prefix of the demo numbers, by language (E.164 digits without the plus). */
const PHONE_PREFIX: Record<SystemLanguage, string> = { ru: '7999100', uk: '38050100', en: '4477009', pt_br: '5511990' };

export interface DemoClient { phone: string; name: string; birthday: string | null; visitCount: number; spend: number; lastVisitAt: Date | null; createdAt: Date }
export interface DemoRecord { client: number; master: number; service: number; startAt: Date; createdAt: Date; status: 'booked' | 'confirmed' | 'arrived' | 'noShow' | 'cancelled' }
/** A settled message of the month; `record` and `client` index the arrays above. */
export interface DemoMessage { kind: FlowKind; client: number; record: number | null; at: Date; status: 'sent' | 'delivered' | 'read' | 'replied' | 'failed'; vars: Record<string, string> }
export interface DemoFlow { fields: FlowFields; status: 'Waiting' | 'Working' | 'Pause' }

export interface DemoSalon {
  language: SystemLanguage;
  companyName: string;
  masters: readonly string[];
  services: { title: string; price: number; durationMinutes: number }[];
  clients: DemoClient[];
  records: DemoRecord[];
  flows: DemoFlow[];
  messages: DemoMessage[];
  subscribers: { phone: string; name: string; status: 'active' | 'unsubscribed'; createdAt: Date }[];
  blacklist: { phone: string; comment: string; createdAt: Date }[];
}

/** Running combat flows, one test-mode flow and one paused: what a salon a month into the product has. */
const FLOWS: readonly { kind: FlowKind; mode: 'test' | 'combat'; status: DemoFlow['status'] }[] = [
  { kind: 'recordReminder', mode: 'combat', status: 'Waiting' },
  { kind: 'newRecord', mode: 'combat', status: 'Working' },
  { kind: 'reviewRequest', mode: 'combat', status: 'Waiting' },
  { kind: 'repeatVisit', mode: 'combat', status: 'Waiting' },
  { kind: 'dailyReport', mode: 'test', status: 'Waiting' },
  { kind: 'birthday', mode: 'test', status: 'Pause' },
];

/** The final status of a sent message, weighted like a healthy WhatsApp audience. */
function outcome(r: number): DemoMessage['status'] {
  return r < 0.04 ? 'failed' : r < 0.1 ? 'sent' : r < 0.3 ? 'delivered' : r < 0.82 ? 'read' : 'replied';
}

export function buildSalon(language: SystemLanguage, nowMs: number, ownerPhone: string): DemoSalon {
  const rnd = random(16);
  const words = DEMO_TEXTS[language];
  const locale = fromSystemLanguage(language) ?? 'ru';
  const today = new Date(nowMs);
  today.setUTCHours(0, 0, 0, 0);
  const day0 = today.getTime();
  /** A visit `days` from today at a salon hour (10:00–19:00 UTC-ish; the demo does not need the owner's zone). */
  const slot = (days: number) => new Date(day0 + days * DAY + (10 + Math.floor(rnd() * 9)) * HOUR + (rnd() < 0.5 ? 30 * 60_000 : 0));

  const services = words.services.map(([title, price, durationMinutes]) => ({ title, price, durationMinutes }));
  const clients: DemoClient[] = [];
  const records: DemoRecord[] = [];
  const count = 60;
  for (let i = 0; i < count; i++) {
    const name = `${words.firstNames[i % words.firstNames.length]} ${words.lastNames[(i * 5) % words.lastNames.length]}`;
    const month = 1 + Math.floor(rnd() * 12);
    const birthday = rnd() < 0.6 ? `19${70 + Math.floor(rnd() * 30)}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}` : null;
    clients.push({ phone: `${PHONE_PREFIX[language]}${String(1000 + i).padStart(4, '0')}`, name, birthday, visitCount: 0, spend: 0, lastVisitAt: null, createdAt: new Date(day0 - (90 + i) * DAY) });
    // Regulars come every few weeks; a quarter of the clients have not come back for over a month (repeat-visit targets).
    const lapsed = i % 4 === 3;
    const visits = 1 + Math.floor(rnd() * 3);
    for (let v = 0; v < visits; v++) {
      const ago = lapsed ? 35 + v * 20 + Math.floor(rnd() * 10) : 1 + v * 14 + Math.floor(rnd() * 12);
      const startAt = slot(-ago);
      const r = rnd();
      const status: DemoRecord['status'] = r < 0.86 ? 'arrived' : r < 0.93 ? 'noShow' : 'cancelled';
      records.push({ client: i, master: Math.floor(rnd() * words.masters.length), service: Math.floor(rnd() * services.length), startAt, createdAt: new Date(startAt.getTime() - (1 + Math.floor(rnd() * 6)) * DAY), status });
    }
    if (!lapsed && rnd() < 0.45) {
      const startAt = slot(Math.floor(rnd() * 14));
      const createdAt = new Date(Math.min(nowMs - HOUR, startAt.getTime() - (1 + Math.floor(rnd() * 5)) * DAY));
      records.push({ client: i, master: Math.floor(rnd() * words.masters.length), service: Math.floor(rnd() * services.length), startAt, createdAt, status: rnd() < 0.6 ? 'booked' : 'confirmed' });
    }
  }

  const messages: DemoMessage[] = [];
  const monthAgo = nowMs - 30 * DAY;
  // One formatter each: building one per message cost more than the whole insert.
  const dateOf = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  const timeOf = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  const varsOf = (rec: DemoRecord) => ({
    clientName: clients[rec.client]!.name.split(' ')[0]!,
    recordDate: dateOf.format(rec.startAt),
    recordTime: timeOf.format(rec.startAt),
    masterName: words.masters[rec.master]!,
    serviceTitle: services[rec.service]!.title,
    companyName: words.salon,
    companyAddress: words.address,
    companyPhone: `+${ownerPhone.replace(/\D/g, '')}`,
    recordForm: 'https://demo.cabinet.local/r',
    reviewForm: 'https://demo.cabinet.local/review',
  });
  const send = (kind: FlowKind, rec: DemoRecord, index: number, atMs: number) => {
    if (atMs < monthAgo || atMs > nowMs) return;
    messages.push({ kind, client: rec.client, record: index, at: new Date(atMs), status: outcome(rnd()), vars: varsOf(rec) });
  };
  records.forEach((rec, index) => {
    const start = rec.startAt.getTime();
    send('newRecord', rec, index, rec.createdAt.getTime() + 60_000);
    if (rec.status !== 'cancelled') send('recordReminder', rec, index, start - DAY);
    if (rec.status === 'arrived') send('reviewRequest', rec, index, start + services[rec.service]!.durationMinutes * 60_000 + 2 * HOUR);
  });
  // Lapsed clients were invited back; some of them booked within days (the conversion the Home and the flow show).
  clients.forEach((client, i) => {
    if (i % 4 !== 3) return;
    const at = day0 - (3 + (i % 25)) * DAY + 11 * HOUR;
    const last = records.filter((r) => r.client === i).at(-1)!;
    messages.push({ kind: 'repeatVisit', client: i, record: null, at: new Date(at), status: outcome(rnd()), vars: varsOf(last) });
    if (i % 8 === 3) {
      const startAt = slot(Math.floor(rnd() * 10) + 1);
      records.push({ client: i, master: last.master, service: last.service, startAt, createdAt: new Date(Math.min(nowMs - HOUR, at + (1 + Math.floor(rnd() * 2)) * DAY)), status: 'booked' });
    }
  });

  for (const rec of records) {
    if (rec.status !== 'arrived') continue;
    const c = clients[rec.client]!;
    c.visitCount++;
    c.spend += services[rec.service]!.price;
    if (!c.lastVisitAt || c.lastVisitAt < rec.startAt) c.lastVisitAt = rec.startAt;
  }

  const flows: DemoFlow[] = FLOWS.map(({ kind, mode, status }) => ({
    status,
    fields: { ...defaultFields(kind), ...findTemplate('yclients', kind)?.timing, ...defaultFlowText(kind, locale), mode, testPhones: ownerPhone },
  }));
  const subscribers = clients.slice(0, 12).map((c, i) => ({ phone: c.phone, name: c.name, status: i % 6 === 5 ? ('unsubscribed' as const) : ('active' as const), createdAt: new Date(day0 - (40 - i * 3) * DAY) }));
  const blacklist = words.blacklist.map((comment, i) => ({ phone: `${PHONE_PREFIX[language]}${9000 + i}`, comment, createdAt: new Date(day0 - (20 - i * 6) * DAY) }));
  return { language, companyName: words.salon, masters: words.masters, services, clients, records, flows, messages, subscribers, blacklist };
}
