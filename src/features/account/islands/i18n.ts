import { messages as englishTexts, type MessageKey } from '../../../shared/validation/messages.ts';
import type { T } from '../../../i18n/translate.ts';

const keyByText = new Map<string, MessageKey>(Object.entries(englishTexts).map(([key, text]) => [text, key as MessageKey]));

/** A server or rule message in the page's language: known §5/§8 texts are translated, others shown as sent. */
export function localize(t: T, message: string | undefined, fallbackKey = 'server.network'): string {
  if (!message) return t(fallbackKey);
  const key = keyByText.get(message);
  if (!key) return message;
  for (const candidate of [`validation.${key}`, `server.${key}`]) {
    const text = t(candidate);
    if (text !== candidate) return text;
  }
  return message;
}

/** A rule's or the server's field error: the field it names and its (English) text. */
export interface NamedError {
  field: string;
  message: string;
}

/** Field errors keyed by field, first error per field, in the page's language. */
export function byField(t: T, errors: readonly NamedError[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors ?? []) out[error.field] ??= localize(t, error.message);
  return out;
}
