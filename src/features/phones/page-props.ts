import type { PageContext } from '../../routes/page-context.ts';
import { messagesFor, withUi } from '../../i18n/messages.ts';
import type { InsightsProps } from './islands/props.ts';

/** What the phones islands get from the page: the `phones` messages and the public ignore page's path. */
export const insightsProps = (ctx: PageContext): InsightsProps => ({
  locale: ctx.locale,
  messages: withUi(ctx.locale, messagesFor(ctx.locale, 'phones')),
  ignorePageBase: ctx.href('/il/'),
});
