import { isMessageVariable, type MessageVariable } from './variables.ts';

/**
 * A flow sending through a WhatsApp Business account (docs/flows.md "WhatsApp Business template"): outside Meta's
 * 24-hour window only an approved template may go, its {{1}}…{{n}} filled from the flow's variables or fixed texts.
 * Pure rules the editor and the engine share.
 */

/** What fills one {{n}}: one of the message variables (the client's name, the visit's date…) or a fixed text. */
export type WabaVariable = { variable: MessageVariable } | { text: string };

/** Meta's customer service window: free text only within this long after the client's last message. */
export const WABA_WINDOW_MS = 24 * 3600_000;

/** A fixed text's longest (Meta caps a body parameter far above; a flow's own text is at most 4096). */
export const WABA_FIXED_MAX = 1024;

/** Stands for a variable the message has no value for: Meta refuses an empty parameter. */
export const WABA_EMPTY_VALUE = '—';

const PLACEHOLDER = /\{\{(\d+)\}\}/g;

/** How many values a template body needs: its highest {{n}} (numbered from 1 without gaps, docs/connections.md). */
export function templateVariableCount(body: string): number {
  let max = 0;
  for (const m of body.matchAll(PLACEHOLDER)) max = Math.max(max, Number(m[1]));
  return max;
}

/** A mapping entry the contract let through is usable: a known variable, or a fixed text that is not blank. */
export function isMappedValue(v: WabaVariable | null | undefined): boolean {
  if (!v) return false;
  if ('variable' in v) return isMessageVariable(v.variable);
  return typeof v.text === 'string' && v.text.trim() !== '' && v.text.length <= WABA_FIXED_MAX;
}

/** The first {{n}} (1-based) the mapping leaves unfilled, or undefined when every one of `count` is mapped. */
export function firstUnmapped(count: number, mapping: readonly (WabaVariable | null)[]): number | undefined {
  for (let n = 1; n <= count; n++) if (!isMappedValue(mapping[n - 1])) return n;
  return undefined;
}

/** The template's values for one message: each {{n}} from its variable's value at send time, or the fixed text. */
export function templateValues(count: number, mapping: readonly WabaVariable[], values: Partial<Record<MessageVariable, string>>): string[] {
  return Array.from({ length: count }, (_, i) => {
    const m = mapping[i];
    const value = !m ? '' : 'variable' in m ? (values[m.variable] ?? '') : m.text;
    return value.trim() === '' ? WABA_EMPTY_VALUE : value;
  });
}

/** The template's body as the client reads it (the message log keeps it): {{n}} replaced by the n-th value. */
export const renderTemplate = (body: string, values: readonly string[]): string => body.replace(PLACEHOLDER, (token, n: string) => values[Number(n) - 1] ?? token);

/** Free text may go: the client's last message on this account came less than 24 hours ago. */
export const insideWindow = (lastIncoming: number | undefined, now: number): boolean => lastIncoming !== undefined && now - lastIncoming < WABA_WINDOW_MS && lastIncoming <= now;

/** The message log's text of a template that went out: its name, then its body as the client reads it. */
export const templateLogText = (name: string, body: string): string => `[template:${name}] ${body}`;
export const isTemplateLogText = (text: string): boolean => text.startsWith('[template:');
