import type { T } from '../../../i18n/translate.ts';
import { flowMessages } from '../../../shared/flows/messages.ts';

const keyByText = new Map(Object.entries(flowMessages).map(([key, text]) => [text as string, key]));

/** A §5/§8 server text (English, one copy in messages.ts) in the page's language when it is one we know. */
export function localizeServerText(t: T, message: string): string {
  const key = keyByText.get(message);
  if (!key) return message;
  const text = t(`server.${key}`);
  return text === `server.${key}` ? message : text;
}
