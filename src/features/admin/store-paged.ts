import { map, type MapStore } from 'nanostores';
import { logAdminFailure } from './api.ts';

export interface PagedState<T, Q> {
  query: Q;
  page: number;
  pages: number;
  total: number;
  items: T[];
  loading: boolean;
  /** The last load failed (details are in the console, §7). */
  failed: boolean;
  extra: Record<string, unknown>;
}

export interface PagedStore<T, Q> {
  $state: MapStore<PagedState<T, Q>>;
  /** Loads a page; a newer call wins over a slower older one. */
  load(page?: number, query?: Partial<Q>): Promise<void>;
}

type Fetcher<T, Q> = (page: number, query: Q) => Promise<{ items: T[]; pages: number; total: number; extra?: Record<string, unknown> } | undefined>;

/** A list screen's state: page, query, items; shared by every paged admin report. */
export function pagedStore<T, Q extends object>(name: string, initial: Q, fetcher: Fetcher<T, Q>): PagedStore<T, Q> {
  const $state = map<PagedState<T, Q>>({ query: initial, page: 1, pages: 0, total: 0, items: [], loading: false, failed: false, extra: {} });
  let latest = 0;
  return {
    $state,
    async load(page = $state.get().page, query) {
      const ticket = ++latest;
      const q = { ...$state.get().query, ...query };
      $state.set({ ...$state.get(), query: q, page, loading: true });
      try {
        const result = await fetcher(page, q);
        if (ticket !== latest) return;
        if (!result) throw new Error('no data');
        $state.set({ ...$state.get(), items: result.items, pages: result.pages, total: result.total, extra: result.extra ?? {}, loading: false, failed: false });
      } catch (error) {
        if (ticket !== latest) return;
        logAdminFailure(name, error);
        $state.set({ ...$state.get(), loading: false, failed: true });
      }
    },
  };
}
