import type { PageContext } from '../../routes/page-context.ts';
import { quickstartHref } from '../../routes/page-context.ts';
import { messagesFor, withUi } from '../../i18n/messages.ts';
import type { HomeProps } from './islands/props.ts';

/**
 * The Home island's props for this host: where each setup step is done (a step whose screen the host lacks is left
 * out), and the lists the week links to, titled as the sidebar titles them.
 */
export function homeProps(ctx: PageContext): HomeProps {
  const flows = ctx.hrefOf('flows');
  const steps: HomeProps['steps'] = {
    whatsApp: ctx.hrefOf('accountsWhatsApp'),
    bookingSystem: ctx.hrefOf('accountsYclients'),
    quickstart: quickstartHref(ctx),
    testFlow: flows,
    combatFlow: flows,
    paid: ctx.hrefOf('payments'),
  };
  const links = (['flows', 'messageLogs'] as const)
    .map((name) => ({ href: ctx.hrefOf(name), label: ctx.tRoute.dynamic(name) }))
    .filter((l): l is { href: string; label: string } => Boolean(l.href));
  return { locale: ctx.locale, messages: withUi(ctx.locale, messagesFor(ctx.locale, 'home')), steps, links };
}
