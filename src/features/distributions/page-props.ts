import type { PageContext } from '../../routes/page-context.ts';
import { localePrefix } from '../../routes/page-context.ts';
import { messagesFor, withUi } from '../../i18n/messages.ts';
import type { DistributionEditorProps, DistributionsProps } from './islands/props.ts';

export const distributionsProps = (ctx: PageContext): DistributionsProps => ({
  locale: ctx.locale,
  messages: withUi(ctx.locale, messagesFor(ctx.locale, 'distributions')),
  base: localePrefix(ctx.brand, ctx.locale),
  paymentsHref: ctx.hrefOf('payments'),
});

export const editorProps = (ctx: PageContext): DistributionEditorProps => ({
  ...distributionsProps(ctx),
  flowEditorMessages: messagesFor(ctx.locale, 'flows').editor,
});
