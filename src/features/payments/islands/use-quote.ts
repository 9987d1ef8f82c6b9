import { useEffect, useRef, useState } from 'react';
import { cartIsEmpty, PACK_KINDS, packTypo, type Cart } from '../cart.ts';
import { quoteCart, type Outcome, type Quote } from '../store.ts';

/** How long the cart must stay unchanged before it is priced: typing a code or a quantity asks once, at the end. */
export const QUOTE_DEBOUNCE_MS = 400;

export type QuoteState =
  | { kind: 'idle' }
  | { kind: 'pricing'; last?: Quote }
  | { kind: 'priced'; quote: Quote }
  | { kind: 'refused'; problem: NonNullable<Outcome<Quote>['problem']> };

/**
 * The cart's price from POST /Payments/Quote, asked again on every change (debounced); an answer for a cart that has
 * changed since is dropped. An empty cart, or a pack field that is not a whole number, is not asked about.
 */
export function useQuote(cart: Cart): QuoteState {
  const [state, setState] = useState<QuoteState>({ kind: 'idle' });
  const lastQuote = useRef<Quote | undefined>(undefined);
  useEffect(() => {
    if (cartIsEmpty(cart) || PACK_KINDS.some((k) => packTypo(cart.packs[k]))) {
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'pricing', last: lastQuote.current });
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      const result = await quoteCart(cart, abort.signal);
      if (abort.signal.aborted) return;
      if (result.data) {
        lastQuote.current = result.data;
        setState({ kind: 'priced', quote: result.data });
      } else setState({ kind: 'refused', problem: result.problem });
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [cart]);
  return state;
}
