// The one list of problem codes the server sends. A code is the key of its English text in its domain's table;
// HttpError takes a code (typed, so a typo fails the type check) and looks the text up here.
import { distributionMessages } from '../../../shared/distributions/messages.ts';
import { flowMessages } from '../../../shared/flows/messages.ts';
import { nextStartMessages } from '../../../shared/flows/quickstart.ts';
import { accountProblemMessages, ruleMessages } from '../../../shared/validation/messages.ts';
import { adminProblems } from '../../modules/admin/problems.ts';
import { bookingProblems } from '../../modules/booking/problems.ts';
import { connectionProblems } from '../../modules/connections/problems.ts';
import { conversationProblems } from '../../modules/conversations/problems.ts';
import { deliveryProblems } from '../../modules/delivery/problems.ts';
import { orderProblems } from '../../modules/orders/problems.ts';
import { paymentProblems } from '../../modules/payments/problems.ts';
import { partnerProblems } from '../../modules/partners/problems.ts';
import { phoneProblems } from '../../modules/phones/messages.ts';

/** Problems of the HTTP layer itself: any route may answer with them. */
export const platformProblems = {
  routeNotFound: 'No route {{method}} {{path}}',
  addressInvalid: 'The address is not valid',
  valueNotStorable: 'A value of the request cannot be stored',
  conflictsWithData: 'The change conflicts with data already stored',
  pathTooLong: 'A part of the address is too long',
  payloadTooLarge: 'Payload too large',
  unsupportedMediaType: 'Unsupported media type',
  bodyInvalid: 'The request body is not valid JSON',
  requestRefused: 'The request was refused',
  internal: 'Internal server error',
  signatureInvalid: 'Webhook signature not valid',
  webhookNotFound: 'Webhook not found',
} as const;

/**
 * Field codes of contract violations (Ajv keywords and payload schemas, mapped to a small fixed set) and of the
 * generic field rules handlers check. Their message is "<field>: <text>"; for a contract violation the text is the
 * validator's own wording, these are the fallbacks.
 */
export const contractProblems = {
  required: 'is required',
  unknownField: 'is not allowed',
  tooLong: 'must NOT have more than {{limit}} characters',
  tooShort: 'must NOT have fewer than {{limit}} characters',
  tooMany: 'must NOT have more than {{limit}} items',
  tooFew: 'must NOT have fewer than {{limit}} items',
  outOfRange: 'is out of range',
  invalidType: 'must be {{type}}',
  notAllowed: 'must be one of the allowed values',
  invalidFormat: 'has an invalid format',
  invalid: 'is invalid',
  invalidCharacter: 'must not contain the NUL character',
  blank: 'must not be blank',
  empty: 'must not be empty',
} as const;

/** Every code by the domain that sends it (the browser namespace of that word shows it; booking and orders have no screens). */
export const problemCodesByDomain = {
  platform: platformProblems,
  contract: contractProblems,
  account: { ...ruleMessages, ...accountProblemMessages },
  flows: { ...flowMessages, ...nextStartMessages },
  phones: phoneProblems,
  delivery: deliveryProblems,
  admin: adminProblems,
  booking: bookingProblems,
  orders: orderProblems,
  connections: connectionProblems,
  conversations: conversationProblems,
  payments: paymentProblems,
  partners: partnerProblems,
  distributions: distributionMessages,
} as const;

type Tables = (typeof problemCodesByDomain)[keyof typeof problemCodesByDomain];
type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/** A stable machine code of a problem or field error (camelCase; only ever added, never renamed). */
export type ProblemCode = KeysOfUnion<Tables> & string;

/** The English text of every code (a code's text is the same in every table that lists it). */
export const problemTexts = Object.assign({}, ...Object.values(problemCodesByDomain)) as Record<ProblemCode, string>;

export const PROBLEM_CODES = Object.keys(problemTexts) as ProblemCode[];

/** Values a code's text needs; `{{name}}` in the English text is filled from them, as the browser's t() does. */
export type ProblemParams = Record<string, string | number>;

export function problemText(code: ProblemCode, params?: ProblemParams): string {
  return problemTexts[code].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}
