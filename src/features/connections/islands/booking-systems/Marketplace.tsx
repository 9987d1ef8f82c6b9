import { useEffect, useRef, useState } from 'react';
import { FormMessage } from '../../../../ui/field.tsx';
import { connectMarketplace, marketplaceParams } from '../../store-booking-systems.ts';
import { bookingProblem } from './problems.ts';
import type { BookingContext } from './texts.ts';

type Result = { state: 'working' } | { state: 'done'; name: string } | { state: 'failed'; text: string };

/**
 * The marketplace install finished here: the registration route forwards `?salon_id=…&application_id=…`; they are
 * posted once (the ids then leave the address, so a reload does not post again) and the result stays on screen.
 */
export function Marketplace({ ctx }: { ctx: BookingContext }) {
  const { t, named } = ctx;
  const [result, setResult] = useState<Result>();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const query = new URLSearchParams(location.search);
    if (!query.has('salon_id') && !query.has('application_id')) return;
    const ids = marketplaceParams(location.search);
    query.delete('salon_id');
    query.delete('application_id');
    history.replaceState(history.state, '', `${location.pathname}${query.size ? `?${query}` : ''}${location.hash}`);
    if (!ids) return setResult({ state: 'failed', text: t('bookingSystems.marketplace.failed', named) });
    setResult({ state: 'working' });
    void connectMarketplace(ids.applicationId, ids.salonId).then(({ data, problem }) =>
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
