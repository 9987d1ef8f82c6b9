import { useEffect, useState, type ReactNode } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { displayPhone, isConnected, type WhatsAppNumber } from '../store.ts';
import { StateBadge } from './StateBadge.tsx';
import { NumberSending } from './NumberSending.tsx';

/** UnoCSS's `sm`: from here up the numbers are a table; below it, cards (a 375 px phone scrolled the table sideways). */
const WIDE = '(min-width: 640px)';

/**
 * Whether the screen is at least `sm` wide, following rotation and resizing. The server and the first client render
 * say "wide": the list is still loading then (no rows), so both render the same and nothing shifts.
 */
export function useWide(): boolean {
  const [wide, setWide] = useState(true);
  useEffect(() => {
    const query = matchMedia(WIDE);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}

/**
 * The numbers on a phone: one card each with the table's data in the table's order (name and state, phone, sending,
 * then the actions as full-width buttons), so the keyboard meets them as it would a row.
 */
export function NumberCards({ t, numbers, actions }: { t: T; numbers: readonly WhatsAppNumber[]; actions: (n: WhatsAppNumber) => ReactNode }) {
  return (
    <ul role="list" aria-label={t('caption')} className="list-none m-0 p-0 flex flex-col gap-3" data-number-cards>
      {numbers.map((n) => (
        <li key={n.id} data-number-id={n.id} className="border border-gray-200 rounded p-3 bg-white flex flex-col gap-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="m-0 font-semibold break-words min-w-0">{n.name}</p>
            <StateBadge t={t} number={n} />
          </div>
          <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">{t('col.phone')}</dt>
            <dd className="m-0">{displayPhone(n.phone) ?? <span className="text-ink-muted">{t('noPhone')}</span>}</dd>
            {isConnected(n.state) && (
              <>
                <dt className="text-ink-muted">{t('sending.column')}</dt>
                <dd className="m-0 min-w-0"><NumberSending t={t} number={n} /></dd>
              </>
            )}
          </dl>
          {actions(n)}
        </li>
      ))}
    </ul>
  );
}
