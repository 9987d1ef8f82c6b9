import type { Locale } from '../../i18n/locales.ts';
import type { FlowKind } from './kinds.ts';
import { FLOW_TEXTS, type FlowText } from './template-texts.ts';
import { ORDER_TEXTS, type OrderTemplate } from './template-order-texts.ts';
import { flowSource, type FlowFields, type FlowSource } from './types.ts';

export type { FlowText } from './template-texts.ts';

/** Default title and message text of a flow kind (booking wording; the abandoned cart speaks of an order). */
export function defaultFlowText(kind: FlowKind, locale: Locale): FlowText {
  return FLOW_TEXTS[locale][kind];
}

/** The integrations with a template catalogue (`/templates/{integration}`). */
export const TEMPLATE_INTEGRATIONS = ['yclients', 'altegio', 'iikocrm', 'apicrm'] as const;
export type TemplateIntegration = (typeof TEMPLATE_INTEGRATIONS)[number];
export const isTemplateIntegration = (value: string): value is TemplateIntegration =>
  (TEMPLATE_INTEGRATIONS as readonly string[]).includes(value);

/** What a template sets on a new flow besides title and text. */
export type TemplateTiming = Partial<Pick<FlowFields, 'delayMinutes' | 'sendingHours' | 'firstSendOnly' | 'groupByVisit'>>;

/**
 * A template type of a catalogue: the URL segment of `/templates/{integration}/add/{id}`, the flow kind it creates,
 * its default timing and, for order-based systems, its own wording (otherwise the kind's default text).
 */
export interface TemplateType {
  id: string;
  kind: FlowKind;
  timing: TemplateTiming;
  order?: OrderTemplate;
}

const DAY = 24 * 60;
// Booking-system types: the id is the kind. Delay = minutes before the visit (reminder) or after it (the rest).
const BOOKING: TemplateType[] = [
  { id: 'recordReminder', kind: 'recordReminder', timing: { delayMinutes: DAY, sendingHours: { from: 9, to: 21 } } },
  { id: 'newRecord', kind: 'newRecord', timing: { delayMinutes: 0, groupByVisit: true } },
  { id: 'changedRecord', kind: 'changedRecord', timing: { delayMinutes: 0, groupByVisit: true } },
  { id: 'cancelledRecord', kind: 'cancelledRecord', timing: { delayMinutes: 0 } },
  { id: 'reviewRequest', kind: 'reviewRequest', timing: { delayMinutes: 120, sendingHours: { from: 10, to: 21 } } },
  { id: 'birthday', kind: 'birthday', timing: { sendingHours: { from: 10, to: 20 } } },
  { id: 'repeatVisit', kind: 'repeatVisit', timing: { delayMinutes: 30 * DAY, sendingHours: { from: 10, to: 20 }, firstSendOnly: true } },
  { id: 'crossSell', kind: 'crossSell', timing: { delayMinutes: 3 * DAY, sendingHours: { from: 10, to: 20 } } },
  { id: 'dailyReport', kind: 'dailyReport', timing: { sendingHours: { from: 21, to: 22 } } },
  { id: 'weeklyReport', kind: 'weeklyReport', timing: { sendingHours: { from: 10, to: 11 } } },
];

// Order-based systems (restaurant, shop API): a new/changed/cancelled booking is an order event.
const ORDERS: TemplateType[] = [
  { id: 'orderCreated', kind: 'newRecord', order: 'orderCreated', timing: { delayMinutes: 0 } },
  { id: 'orderStatus', kind: 'changedRecord', order: 'orderStatus', timing: { delayMinutes: 0 } },
  { id: 'orderCancelled', kind: 'cancelledRecord', order: 'orderCancelled', timing: { delayMinutes: 0 } },
  { id: 'orderReview', kind: 'reviewRequest', order: 'orderReview', timing: { delayMinutes: 90, sendingHours: { from: 10, to: 22 } } },
  { id: 'repeatOrder', kind: 'repeatVisit', order: 'repeatOrder', timing: { delayMinutes: 14 * DAY, sendingHours: { from: 11, to: 20 }, firstSendOnly: true } },
  { id: 'abandonedCart', kind: 'abandonedCart', timing: { delayMinutes: 60, sendingHours: { from: 9, to: 22 } } },
];
const byId = (types: TemplateType[], ids: string[]) => ids.map((id) => types.find((t) => t.id === id) as TemplateType);

/** The catalogue of each integration, in display order. */
export const TEMPLATE_CATALOGUES: Record<TemplateIntegration, readonly TemplateType[]> = {
  yclients: BOOKING,
  altegio: BOOKING,
  // Restaurant: order events, review, repeat order, abandoned cart, birthday and the owner's reports.
  iikocrm: [...ORDERS, ...byId(BOOKING, ['birthday', 'dailyReport', 'weeklyReport'])],
  // Shop/CRM over the API: order events, abandoned cart, review, repeat order.
  apicrm: ORDERS,
};

export function findTemplate(integration: string, typeId: string): TemplateType | undefined {
  return isTemplateIntegration(integration) ? TEMPLATE_CATALOGUES[integration].find((t) => t.id === typeId) : undefined;
}

/** Order templates (and the abandoned cart) create flows that react to orders; the rest to booking records. */
export const templateSource = (type: TemplateType): FlowSource => (type.order ? 'orders' : flowSource({}, type.kind));

/** The prefilled title and text of a template type. */
export function templateText(type: TemplateType, locale: Locale): FlowText {
  return type.order ? ORDER_TEXTS[locale][type.order] : defaultFlowText(type.kind, locale);
}
