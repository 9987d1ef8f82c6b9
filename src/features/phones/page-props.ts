import type { PageContext } from '../../routes/page-context.ts';
import { messagesFor } from '../../i18n/messages.ts';
import type { InsightsProps } from './islands/props.ts';

/** What the phones and delivery islands get from the page (they share the `insights` messages for now). */
export const insightsProps = (ctx: PageContext): InsightsProps => ({
  locale: ctx.locale,
  messages: messagesFor(ctx.locale, 'insights'),
  ignorePageBase: ctx.href('/il/'),
});
