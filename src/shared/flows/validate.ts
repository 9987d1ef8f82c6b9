// Every §5 flow rule with the phone check bound: what the server and the screens that validate on submit import.
// The rules live in validate-core.ts; this module adds the phone metadata, so browsers load it on demand.
import { checkPhone } from '../validation/phone.ts';
import { checkTestPhonesWith, validateFlowWith, type FlowFieldError } from './validate-core.ts';
import type { FlowFields } from './types.ts';

export * from './validate-core.ts';

/** A valid phone number (libphonenumber-js, as the account forms check it). */
export const isPhone = (value: string): boolean => checkPhone(value) === undefined;

export function checkTestPhones(value: string, field = 'testPhones'): FlowFieldError | undefined {
  return checkTestPhonesWith(isPhone, value, field);
}

/** Every §5 rule of a flow. `nowSeconds` and the business `timeZone` anchor the minimum run time. */
export function validateFlow(flow: FlowFields, nowSeconds: number, timeZone?: string): FlowFieldError[] {
  return validateFlowWith(flow, nowSeconds, isPhone, timeZone);
}
