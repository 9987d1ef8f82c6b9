/**
 * §3 message variables. A variable is stored in the message text as `{name}` (braces, the exact name, no spaces);
 * the delivery engine replaces it with the client's value, the editor shows it as a chip, the preview with a sample.
 * Unknown `{words}` stay plain text.
 */
export const VARIABLE_GROUPS = {
  booking: ['clientName', 'recordDate', 'recordTime', 'masterName', 'serviceTitle', 'recordForm', 'reviewForm', 'companyName', 'companyAddress', 'companyPhone'],
  shop: ['orderNum', 'orderSum', 'paymentLink', 'orderItems', 'shopName'],
  clinic: ['clinicName', 'doctorName', 'roomNumber'],
  delivery: ['deliveryAddress', 'deliveryTime', 'courierName'],
  report: ['reportDate', 'recordsCount', 'revenue', 'newClientsCount'],
} as const;

export type VariableGroup = keyof typeof VARIABLE_GROUPS;
export type MessageVariable = (typeof VARIABLE_GROUPS)[VariableGroup][number];

/** Every message variable name, in display order. */
export const MESSAGE_VARIABLES: readonly MessageVariable[] = Object.values(VARIABLE_GROUPS).flat();

const KNOWN = new Set<string>(MESSAGE_VARIABLES);
export const isMessageVariable = (name: string): name is MessageVariable => KNOWN.has(name);

/** The stored form of a variable: `variableToken('clientName')` → `{clientName}`. */
export const variableToken = (name: MessageVariable): string => `{${name}}`;

/** Matches any `{word}`; check the name with `isMessageVariable` (unknown names are plain text). */
export const TOKEN_PATTERN = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** A message split into plain text and known variables, in order. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'variable'; name: MessageVariable };

export function splitVariables(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const name = match[1];
    if (!isMessageVariable(name)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'variable', name });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Replaces known variables with values (missing values leave the token as is). */
export function fillVariables(text: string, values: Partial<Record<MessageVariable, string>>): string {
  return text.replace(TOKEN_PATTERN, (token, name: string) => (isMessageVariable(name) && values[name] !== undefined ? values[name] : token));
}

/** Variables whose value is a link; their preview samples are the same in every language. */
export const LINK_SAMPLES: Partial<Record<MessageVariable, string>> = {
  recordForm: 'https://example.com/record/8F2K',
  reviewForm: 'https://example.com/review/8F2K',
  paymentLink: 'https://example.com/pay/1042',
};
