import { useEffect, useRef, useState } from 'react';

export interface Paged<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}

export interface PagedListState<T> extends Paged<T> {
  loading: boolean;
  failed: boolean;
}

/**
 * A server-paged list with a query (search text, filters): loads page 1 on mount, ignores answers older than the
 * latest request, steps back when the page asked for no longer exists, and debounces typing on request.
 */
export function usePagedList<T, Q>(fetchPage: (page: number, query: Q) => Promise<{ data?: Paged<T> }>, initialQuery: Q) {
  const [list, setList] = useState<PagedListState<T>>({ items: [], page: 1, pages: 1, total: 0, loading: true, failed: false });
  const [query, setQuery] = useState<Q>(initialQuery);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = async (page: number, q = query): Promise<void> => {
    const ticket = ++latest.current;
    setList((s) => ({ ...s, loading: true, failed: false }));
    const { data } = await fetchPage(page, q).catch(() => ({ data: undefined }));
    if (ticket !== latest.current) return; // a slower earlier answer never overwrites a newer one
    if (!data) return setList((s) => ({ ...s, loading: false, failed: true }));
    if (!data.items.length && data.total > 0 && page > data.pages) return load(data.pages, q);
    setList({ ...data, loading: false, failed: false });
  };
  useEffect(() => void load(1), []);

  /** A new query: page 1 at once, or 300 ms after the last keystroke when `debounce`. */
  const search = (next: Q, debounce = false) => {
    setQuery(next);
    clearTimeout(timer.current);
    if (debounce) timer.current = setTimeout(() => void load(1, next), 300);
    else void load(1, next);
  };
  return { list, query, load, search };
}
