import type { T } from '../i18n/translate.ts';
import { secondaryButtonClass } from './classes.ts';

interface PagerProps {
  t: T;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** While a page loads, both buttons wait. */
  busy?: boolean;
  /** The navigation's name; default `t(prefix + 'pages')`. */
  label?: string;
  /** Where the namespace keeps `previous`, `next`, `pageOf` (and `pages`), e.g. 'common.'. */
  prefix?: string;
}

/** Previous / page n of m / next under a paged list; nothing when there is one page. */
export function Pager({ t, page, pages, onPage, busy = false, label, prefix = '' }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label ?? t(`${prefix}pages`)} className="flex items-center gap-2 mt-3 text-sm">
      <button type="button" className={secondaryButtonClass} disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        {t(`${prefix}previous`)}
      </button>
      <span aria-live="polite">{t(`${prefix}pageOf`, { page, pages })}</span>
      <button type="button" className={secondaryButtonClass} disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        {t(`${prefix}next`)}
      </button>
    </nav>
  );
}
