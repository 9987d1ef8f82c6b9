import { useEffect, useState } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { FormMessage } from '../../../ui/field.tsx';
import { secondaryButtonClass } from '../../../ui/classes.ts';
import { cartIsEmpty, type Cart } from '../cart.ts';
import { sharePayLink } from '../store.ts';
import type { QuoteState } from './use-quote.ts';

interface Props {
  t: T;
  locale: string;
  cart: Cart;
  quote: QuoteState;
  /** The server refused auto-pay for a link: shown at the auto-pay checkbox, as the checkout's refusal. */
  onAutoPayError: (text: string) => void;
}

/**
 * "Share a pay link" next to Pay: the priced cart as a link someone else pays without signing in. No terms checkbox:
 * the payer accepts the terms on the link's page. A changed cart drops the shown link (it is priced for the old one).
 */
export function ShareLink({ t, locale, cart, quote, onAutoPayError }: Props) {
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; expires: string }>();
  const [problem, setProblem] = useState<string>();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setLink(undefined);
    setProblem(undefined);
  }, [cart]);

  const share = async () => {
    if (busy) return;
    setProblem(undefined);
    setCopied(false);
    if (cartIsEmpty(cart)) return setProblem(t('cart.empty'));
    if (quote.kind === 'refused') return setProblem(t('pay.fixCart', { problem: explainProblem(quote.problem.errors?.[0] ?? quote.problem, t, { prefixes: ['server.'] }) }));
    setBusy(true);
    const result = await sharePayLink(cart);
    setBusy(false);
    if (result.data) {
      const expires = new Date(result.data.expiresUnixTime * 1000).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
      return setLink({ url: result.data.url, expires });
    }
    const field = result.problem.errors?.[0];
    if (field?.field === 'autoPay') return onAutoPayError(explainProblem(field, t, { prefixes: ['server.'] }));
    setProblem(result.problem.status ? explainProblem(field ?? result.problem, t, { prefixes: ['server.'] }) : t('problem.failed'));
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the field is selected for a manual copy.
      document.querySelector<HTMLInputElement>('[data-pay-link-url]')?.select();
    }
  };

  return (
    <div className="flex flex-col gap-2 mt-4 pt-4 border-t border-gray-200" data-share-link>
      <div>
        <button type="button" className={secondaryButtonClass} disabled={busy} aria-busy={busy} onClick={() => void share()} data-share-button>
          {busy ? t('share.busy') : t('share.button')}
        </button>
      </div>
      <p className="m-0 text-sm text-ink-muted">{t('share.hint')}</p>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      {link && (
        <div className="flex flex-col gap-1" data-pay-link>
          <label className="text-sm font-medium" htmlFor="pay-link-url">{t('share.label')}</label>
          <div className="flex gap-2 items-center">
            <input id="pay-link-url" className="flex-1 min-w-0 border border-gray-300 rounded px-2 py-1.5 text-sm" readOnly value={link.url} data-pay-link-url onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className={secondaryButtonClass} onClick={() => void copy()} data-copy-link>{t('share.copy')}</button>
          </div>
          <p className="m-0 text-sm text-ink-muted" role="status">
            {copied ? `${t('share.copied')} ` : ''}{t('share.expires', { date: link.expires })}
          </p>
        </div>
      )}
    </div>
  );
}
