import { RIGHTS, type BookingCompany } from '../../store-booking-systems.ts';
import type { BookingContext } from './texts.ts';

/** §6 access-denied notices: per company, one sentence per missing staff right saying which right to give. */
export function DeniedRights({ ctx, companies }: { ctx: BookingContext; companies: readonly BookingCompany[] }) {
  const { t, named } = ctx;
  const missing = companies.filter((c) => c.deniedRights.length);
  if (!missing.length) return null;
  return (
    <div className="flex flex-col gap-2 mb-4">
      {missing.map((c) => (
        <section key={c.id} role="status" className="border border-amber-200 bg-amber-50 text-amber-900 rounded p-3" data-denied-company={c.id}>
          <h3 className="text-sm font-semibold m-0 mb-1">{t('bookingSystems.denied.title', { name: c.name })}</h3>
          <ul className="m-0 pl-5 text-sm flex flex-col gap-1">
            {RIGHTS.filter((r) => c.deniedRights.includes(r)).map((r) => (
              <li key={r} data-denied-right={r}>{t(`bookingSystems.denied.${r}`, named)}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
