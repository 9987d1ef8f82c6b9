import type { NamespaceMessages } from '../../../../i18n/namespaces.ts';
import { createT, type Messages, type T } from '../../../../i18n/translate.ts';
import type { Locale } from '../../../../i18n/locales.ts';

/** The editor's own texts: the `editor` part of the distributions namespace. */
export type EditorMessages = NamespaceMessages['distributions']['editor'];
export type EditorT = ReturnType<typeof createT<EditorMessages>>;

function merge(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const was = out[key];
    out[key] = typeof value === 'object' && was && typeof was === 'object' ? merge(was, value) : value;
  }
  return out;
}

/**
 * The t() the flow editor's parts get (message, buttons, sending, pickers, field errors): the flow editor's texts
 * with the few that say "flow" reworded for a distribution (`editor.parts`), and the distribution's own field codes
 * under `rule.` so the parts' FieldError explains the server's distribution errors (dailyCapTooHigh …) too.
 */
export function partsT(locale: Locale, flowEditor: NamespaceMessages['flows']['editor'], own: EditorMessages): T {
  const over = merge(own.parts as unknown as Messages, { rule: own.rule as unknown as Messages });
  return createT(locale, merge(flowEditor as unknown as Messages, over));
}
