import type { Locale } from '../../../i18n/locales.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';

/** The flows list's own texts: the namespace without the editor's and the templates' parts. */
export type FlowsMessages = Omit<NamespaceMessages['flows'], 'editor' | 'templates'>;

/** What the flows screens get from the page: language and the `flows` messages. */
export interface FlowsProps {
  locale: Locale;
  messages: WithUi<FlowsMessages>;
  /** Locale URL prefix of the page ('' for the brand's default language, '/en' …), for links between screens. */
  base?: string;
}

/** The editor reads the `editor` part of the flows namespace. */
export interface EditorProps extends Omit<FlowsProps, 'messages'> {
  messages: NamespaceMessages['flows']['editor'];
}
