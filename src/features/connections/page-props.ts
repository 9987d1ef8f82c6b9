import type { PageContext } from '../../routes/page-context.ts';
import { messagesFor, withUi } from '../../i18n/messages.ts';
import type { ConnectionsProps } from './islands/props.ts';

/** What the connections islands get from the page: the `connections` messages and the public QR page's path. */
export const connectionsProps = (ctx: PageContext): ConnectionsProps => ({
  locale: ctx.locale,
  messages: withUi(ctx.locale, messagesFor(ctx.locale, 'connections')),
  qrPageBase: ctx.href('/widget/qr/'),
});
