import type { PageContext } from '../../routes/page-context.ts';
import { messagesFor } from '../../i18n/messages.ts';
import { isEnabled } from '../../brand/flags.ts';
import type { AccountProps } from './islands/props.ts';

/** What the account islands (and the quick start, which reuses their texts and links) get from the page. */
export function accountProps(ctx: PageContext): AccountProps {
  const { brand, locale } = ctx;
  return {
    locale,
    messages: messagesFor(locale, 'account'),
    links: {
      home: ctx.hrefOf('home') ?? ctx.hrefOf('dashboard') ?? ctx.hrefOf('distributions') ?? ctx.href('/'),
      login: ctx.href('/account/login'),
      register: ctx.href('/account/register'),
      forgotPassword: ctx.href('/account/forgot-password'),
      demo: ctx.href('/demo'),
      profile: ctx.href('/account/profile'),
      update: ctx.href('/account/update'),
    },
    countryRequired: isEnabled(brand, 'countryAtRegistration'),
    googleClientId: brand.googleClientId,
  };
}
