import { checkPhone } from '../validation/phone.ts';
import { checkUrl } from '../validation/rules.ts';
import { BUTTON_TYPES } from './kinds.ts';
import { flowMessages, type FlowMessageKey } from './messages.ts';
import type { FlowFields, Range } from './types.ts';

/** A failed §5 rule: `field` is the path in the flow (`filters.spend`, `buttons.1.enabled`, `testPhones`). */
export interface FlowFieldError {
  field: string;
  code: FlowMessageKey;
  message: string;
}

export const TITLE_MAX = 200;
export const CONTENT_MAX = 4096;
export const MAX_BUTTONS = 3;
export const IMAGE_MAX_MB = 5;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'];
const DAY_SECONDS = 86_400;

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

export function checkTestPhones(value: string, field = 'testPhones'): FlowFieldError | undefined {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length === 1 && parts[0] === '') return undefined;
  const bad = parts.findIndex((p) => checkPhone(p) !== undefined);
  return bad === -1 ? undefined : { ...fail(field, 'testPhoneInvalid'), message: `${field}: ${flowMessages.testPhoneInvalid} (${parts[bad] || '—'})` };
}

/** Every §5 rule of a flow. `nowSeconds` anchors the minimum run time of one day. */
export function validateFlow(flow: FlowFields, nowSeconds: number): FlowFieldError[] {
  const errors: (FlowFieldError | undefined)[] = [];
  if (flow.title.trim() === '') errors.push(fail('title', 'titleRequired'));
  else if (flow.title.length > TITLE_MAX) errors.push(fail('title', 'titleTooLong'));
  if (flow.content.trim() === '') errors.push(fail('content', 'contentRequired'));
  else if (flow.content.length > CONTENT_MAX) errors.push(fail('content', 'contentTooLong'));

  const { from, to } = flow.sendingHours;
  if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && to <= 24 && from < to)) errors.push(fail('sendingHours', 'sendingHoursInvalid'));
  if (!Number.isInteger(flow.delayMinutes) || flow.delayMinutes < 0) errors.push(fail('delayMinutes', 'delayInvalid'));
  if (flow.endDate !== null && flow.endDate < nowSeconds + DAY_SECONDS) errors.push(fail('endDate', 'endDateTooSoon'));

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
    if (button.type === 'call' && button.value && checkPhone(button.value)) errors.push(fail(`${at}.value`, 'testPhoneInvalid'));
  });

  if (flow.image) {
    const ext = flow.image.fileName.split('.').pop()?.toLowerCase() ?? '';
    if (!IMAGE_EXTENSIONS.includes(ext)) errors.push(fail('image.fileName', 'imageFormat'));
    if (flow.image.sizeBytes > IMAGE_MAX_MB * 1024 * 1024) errors.push(fail('image.sizeBytes', 'imageTooBig'));
    if (checkUrl(flow.image.url)) errors.push(fail('image.url', 'urlInvalid'));
  }

  errors.push(checkRange(flow.filters.time, 'filters.time'));
  if (flow.filters.time.to > 24) errors.push(fail('filters.time', 'rangeInvalid'));
  errors.push(checkRange(flow.filters.visitCount, 'filters.visitCount'));
  errors.push(checkRange(flow.filters.spend, 'filters.spend'));
  errors.push(checkTestPhones(flow.testPhones));
  return errors.filter((e): e is FlowFieldError => e !== undefined);
}
