import type { PagedListState } from './use-paged-list.ts';

/** The count line and the loading / network-failure / empty notices above a paged list. */
export function ListStatus({ list, found, loading, failed, empty }: { list: PagedListState<unknown>; found: string; loading: string; failed: string; empty: string }) {
  return (
    <>
      <p className="text-sm text-ink-muted m-0 mb-2" aria-live="polite">{found}</p>
      {list.loading && !list.items.length && <p className="text-sm text-ink-muted" role="status">{loading}</p>}
      {list.failed && <p className="text-sm text-red-700" role="status">{failed}</p>}
      {!list.loading && !list.failed && !list.items.length && <p className="text-sm text-ink-muted" role="status">{empty}</p>}
    </>
  );
}
