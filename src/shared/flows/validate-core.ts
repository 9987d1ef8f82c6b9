// The §5 flow rules without the phone metadata (libphonenumber's ~30 KB gzip), so the editor can check as the user
// types from its first paint. The phone check is passed in; validate.ts binds it and is what the server and the
// other screens import. The rules themselves live only here.
import { checkUrl } from '../validation/rules.ts';
import { calendarDay, DEFAULT_TIME_ZONE } from '../time-zones.ts';
import { BUTTON_TYPES, WEBHOOK_KINDS, type FlowKind } from './kinds.ts';
import { flowMessages, type FlowMessageKey } from './messages.ts';
import type { FlowFields, Range } from './types.ts';
import { CATEGORY_MAX, FILTER_VALUES } from './filters.ts';

/** A failed §5 rule: `field` is the path in the flow (`filters.spend`, `buttons.1.enabled`, `testPhones`). */
export interface FlowFieldError {
  field: string;
  code: FlowMessageKey;
  message: string;
}

/** Whether a string is a valid phone number (validate.ts binds libphonenumber's check). */
export type PhoneCheck = (value: string) => boolean;

export const TITLE_MAX = 200;
export const CONTENT_MAX = 4096;
export const MAX_BUTTONS = 3;
export const IMAGE_MAX_MB = 5;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'];
const HOUR_SECONDS = 3_600;

/**
 * §5 "an hourly variant gives 1 hour": the kinds whose sending is timed in hours around a visit — the reminder
 * (24, 2 and 1 hours before, §9) and the booking-event flows (new, changed, cancelled record) — may end one hour
 * from now; every other kind (reports, birthday, repeat visit, review, cross-sell, cart) runs at least one day.
 */
export const HOURLY_KINDS: readonly FlowKind[] = ['recordReminder', ...WEBHOOK_KINDS];
export const isHourlyKind = (kind: FlowKind): boolean => HOURLY_KINDS.includes(kind);

/**
 * §5 minimum run time: an hourly kind's end is at least one hour after `nowSeconds`; any other kind's end falls on a
 * later calendar date than today in the business time zone (so ending tomorrow at 00:30 is fine at 23:00 today).
 */
export function endDateTooSoon(kind: FlowKind, endDate: number, nowSeconds: number, timeZone = DEFAULT_TIME_ZONE): boolean {
  if (isHourlyKind(kind)) return endDate < nowSeconds + HOUR_SECONDS;
  return calendarDay(endDate * 1000, timeZone) <= calendarDay(nowSeconds * 1000, timeZone);
}

const fail = (field: string, code: FlowMessageKey): FlowFieldError => ({ field, code, message: `${field}: ${flowMessages[code]}` });

/** §5 range filters: FROM < TO, or both -1 (any). Negative bounds other than the -1/-1 pair are rejected. */
export function checkRange(range: Range, field: string): FlowFieldError | undefined {
  if (range.from === -1 && range.to === -1) return undefined;
  return range.from >= 0 && range.from < range.to ? undefined : fail(field, 'rangeInvalid');
}

/** Test numbers: comma-separated (§5), each a valid phone. Empty means "the owner's own number" (§4). */
export function splitTestPhones(value: string): string[] {
  return value.split(',').map((p) => p.trim()).filter(Boolean);
}

export function checkTestPhonesWith(isPhone: PhoneCheck, value: string, field = 'testPhones'): FlowFieldError | undefined {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length === 1 && parts[0] === '') return undefined;
  const bad = parts.findIndex((p) => !isPhone(p));
  return bad === -1 ? undefined : { ...fail(field, 'testPhoneInvalid'), message: `${field}: ${flowMessages.testPhoneInvalid} (${parts[bad] || '—'})` };
}

/**
 * Every §5 rule of a flow. `nowSeconds` anchors the minimum run time (a later date in the business `timeZone`, one
 * hour for hourly kinds). Without `isPhone` the two phone rules (test numbers, a call button's number) are skipped:
 * the editor runs them once the phone check has loaded.
 */
export function validateFlowWith(flow: FlowFields, nowSeconds: number, isPhone?: PhoneCheck, timeZone?: string): FlowFieldError[] {
  const errors: (FlowFieldError | undefined)[] = [];
  if (flow.title.trim() === '') errors.push(fail('title', 'titleRequired'));
  else if (flow.title.length > TITLE_MAX) errors.push(fail('title', 'titleTooLong'));
  if (flow.content.trim() === '') errors.push(fail('content', 'contentRequired'));
  else if (flow.content.length > CONTENT_MAX) errors.push(fail('content', 'contentTooLong'));

  const { from, to } = flow.sendingHours;
  if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && to <= 24 && from < to)) errors.push(fail('sendingHours', 'sendingHoursInvalid'));
  if (!Number.isInteger(flow.delayMinutes) || flow.delayMinutes < 0) errors.push(fail('delayMinutes', 'delayInvalid'));
  if (flow.endDate !== null && endDateTooSoon(flow.type, flow.endDate, nowSeconds, timeZone)) {
    errors.push(fail('endDate', isHourlyKind(flow.type) ? 'endDateTooSoonHourly' : 'endDateTooSoon'));
  }

  if (flow.buttons.length > MAX_BUTTONS) errors.push(fail('buttons', 'buttonsTooMany'));
  const seen = new Set<string>();
  flow.buttons.forEach((button, i) => {
    const at = `buttons.${i}`;
    if (!BUTTON_TYPES.includes(button.type)) return;
    if (seen.has(button.type)) errors.push(fail(`${at}.type`, 'buttonTypeRepeated'));
    seen.add(button.type);
    if (button.text.trim() === '') errors.push(fail(`${at}.text`, 'buttonTextRequired'));
    if (button.enabled && button.type !== 'simpleAnswer') errors.push(fail(`${at}.enabled`, 'buttonDisabledType'));
    if (button.type === 'url' && button.value && checkUrl(button.value)) errors.push(fail(`${at}.value`, 'urlInvalid'));
    if (isPhone && button.type === 'call' && button.value && !isPhone(button.value)) errors.push(fail(`${at}.value`, 'testPhoneInvalid'));
  });

  if (flow.image) {
    const ext = flow.image.fileName.split('.').pop()?.toLowerCase() ?? '';
    if (!IMAGE_EXTENSIONS.includes(ext)) errors.push(fail('image.fileName', 'imageFormat'));
    if (flow.image.sizeBytes > IMAGE_MAX_MB * 1024 * 1024) errors.push(fail('image.sizeBytes', 'imageTooBig'));
    if (checkUrl(flow.image.url)) errors.push(fail('image.url', 'urlInvalid'));
  }

  for (const name of ['statuses', 'types', 'clientCategory'] as const) {
    const allowed = FILTER_VALUES[name];
    if (flow.filters[name].some((v) => !allowed.includes(v))) errors.push(fail(`filters.${name}`, 'filterValueUnknown'));
  }
  if (flow.filters.categories.some((c) => c.trim() === '' || c.length > CATEGORY_MAX)) errors.push(fail('filters.categories', 'categoryInvalid'));
  errors.push(checkRange(flow.filters.time, 'filters.time'));
  if (flow.filters.time.to > 24) errors.push(fail('filters.time', 'rangeInvalid'));
  errors.push(checkRange(flow.filters.visitCount, 'filters.visitCount'));
  errors.push(checkRange(flow.filters.spend, 'filters.spend'));
  if (isPhone) errors.push(checkTestPhonesWith(isPhone, flow.testPhones));
  return errors.filter((e): e is FlowFieldError => e !== undefined);
}

/** Whether a flow holds a phone number the phone rules must judge (so the editor loads them). */
export const flowHasPhones = (flow: Pick<FlowFields, 'testPhones' | 'buttons'>): boolean =>
  flow.testPhones.trim() !== '' || flow.buttons.some((b) => b.type === 'call' && !!b.value);
