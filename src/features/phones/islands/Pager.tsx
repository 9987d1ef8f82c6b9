import type { T } from '../../../i18n/translate.ts';
import { secondaryClass } from '../../flows/islands/ui.ts';

/** Previous / page n of m / next under a paged list of the insights screens; nothing when there is one page. */
export function Pager({ t, page, pages, busy, go }: { t: T; page: number; pages: number; busy: boolean; go: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pages')} className="flex items-center gap-2 mt-3 text-sm">
      <button type="button" className={secondaryClass} disabled={page <= 1 || busy} onClick={() => go(page - 1)}>{t('previous')}</button>
      <span aria-live="polite">{t('pageOf', { page, pages })}</span>
      <button type="button" className={secondaryClass} disabled={page >= pages || busy} onClick={() => go(page + 1)}>{t('next')}</button>
    </nav>
  );
}
