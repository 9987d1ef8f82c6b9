import type { NamespaceMessages } from '../../../../i18n/namespaces.ts';
import type { FlowsMessages, FlowsProps } from '../props.ts';

/** The template screens read both namespaces: their own texts and the flows ones (kinds, §5/§8 texts). */
export interface TemplatesProps extends Omit<FlowsProps, 'messages'> {
  messages: NamespaceMessages['flows']['templates'];
  flowsMessages: FlowsMessages;
  /** The editor's sample values of the variables: a catalogue shows a text as a client reads it, not its {codes}. */
  samples: NamespaceMessages['flows']['editor']['sample'];
}

/** Display names of the integrations (product names, not translated). */
export const INTEGRATION_NAMES = { yclients: 'YCLIENTS', altegio: 'Altegio', iikocrm: 'iiko', apicrm: 'API' } as const;

/** `/…/templates/{integration}/{action}/{arg}` read from the address (the page is one static file per route). */
export function templatePath(): { integration: string; arg: string } {
  if (typeof location === 'undefined') return { integration: '', arg: '' };
  const parts = location.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const at = parts.lastIndexOf('templates');
  return { integration: parts[at + 1] ?? '', arg: parts[at + 3] ?? '' };
}
