import type { T } from '../i18n/translate.ts';
import { secondaryButtonClass } from './classes.ts';

interface PagerProps {
  /** A t() over messages that hold the kit's `ui` texts (previous, next, pageOf, pages). */
  t: T;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** While a page loads, both buttons wait. */
  busy?: boolean;
  /** The navigation's name; default `ui.pages`. */
  label?: string;
}

/** Previous / page n of m / next under a paged list; nothing when there is one page. */
export function Pager({ t, page, pages, onPage, busy = false, label }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label ?? t('ui.pages')} className="flex items-center gap-2 mt-3 text-sm">
      <button type="button" className={secondaryButtonClass} disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        {t('ui.previous')}
      </button>
      <span aria-live="polite">{t('ui.pageOf', { page, pages })}</span>
      <button type="button" className={secondaryButtonClass} disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        {t('ui.next')}
      </button>
    </nav>
  );
}
