import { useEffect, useRef, useState } from 'react';
import { FormMessage } from '../../../../ui/field.tsx';
import { connectMarketplace, MARKETPLACE_KEYS, marketplaceParams } from '../../store-booking-systems.ts';
import { bookingProblem } from './problems.ts';
import type { BookingContext } from './texts.ts';

type Result = { state: 'working' } | { state: 'done'; name: string } | { state: 'failed'; text: string };

/**
 * The marketplace install finished here: the registration route forwards `?salon_id=…&application_id=…` with the
 * redirect's signed `user_data` and `user_data_sign`; they are posted once (then leave the address, so a reload does
 * not post again) and the result stays on screen.
 */
export function Marketplace({ ctx }: { ctx: BookingContext }) {
  const { t, named } = ctx;
  const [result, setResult] = useState<Result>();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const query = new URLSearchParams(location.search);
    if (!MARKETPLACE_KEYS.some((k) => query.has(k))) return;
    const ids = marketplaceParams(location.search);
    for (const k of MARKETPLACE_KEYS) query.delete(k);
    history.replaceState(history.state, '', `${location.pathname}${query.size ? `?${query}` : ''}${location.hash}`);
    if (!ids) return setResult({ state: 'failed', text: t('bookingSystems.marketplace.failed', named) });
    setResult({ state: 'working' });
    void connectMarketplace(ids).then(({ data, problem }) =>
      setResult(
        data
          ? { state: 'done', name: data.name }
          // §8 "marketplace connection error" for the system's refusal; other problems (no partner key, no answer) as they are.
          : { state: 'failed', text: problem.status === 400 ? t('bookingSystems.marketplace.failed', named) : bookingProblem(ctx, problem) },
      ),
    );
  }, [ctx, t, named]);

  if (!result) return null;
  return (
    <div className="mb-4" data-marketplace={result.state}>
      {result.state === 'working' && (
        <div role="status" className="flex flex-col gap-2">
          <p className="m-0">{t('bookingSystems.marketplace.working', named)}</p>
          <progress className="w-full max-w-xs" aria-label={t('bookingSystems.marketplace.working', named)} />
        </div>
      )}
      {result.state === 'done' && <FormMessage kind="success">{t('bookingSystems.marketplace.done', { ...named, name: result.name })}</FormMessage>}
      {result.state === 'failed' && <FormMessage kind="error">{result.text}</FormMessage>}
    </div>
  );
}
