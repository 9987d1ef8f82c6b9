import { map, type MapStore } from 'nanostores';

/** One page of a server-paged list, as a fetcher hands it over. */
export interface Page<T> {
  items: T[];
  pages: number;
  total: number;
  /** Anything else the list's answer carries (e.g. counts by state). */
  extra?: Record<string, unknown>;
}

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

export interface PagedList<T, Q> {
  $state: MapStore<PagedState<T, Q>>;
  /** Loads a page (default: the current one) with a changed query; a newer call wins over a slower older one. */
  load(page?: number, query?: Partial<Q>): Promise<void>;
  /** A new query (replacing the old one): page 1 at once, or 300 ms after the last keystroke when `debounce`. */
  search(query: Q, debounce?: boolean): void;
}

export type PageFetcher<T, Q> = (page: number, query: Q) => Promise<Page<T> | undefined>;

export interface PagedListOptions {
  /** Named in the console when a load fails. */
  name: string;
  /** Show "loading" before the first load (a list that loads as soon as its island mounts). */
  loadingAtStart?: boolean;
  /** Where failures are logged (§7: list failures are logged, the screen says "could not load"). */
  onFail?: (name: string, error: unknown) => void;
}

/**
 * The one paged list of every screen: page, query and items in a store; answers older than the latest request are
 * ignored; a page that no longer exists (its rows were deleted) steps back to the new last page.
 */
export function pagedList<T, Q extends object>(options: PagedListOptions, initial: Q, fetcher: PageFetcher<T, Q>): PagedList<T, Q> {
  const { name, onFail = (what, error) => console.error(`${what}: list failed`, error) } = options;
  const $state = map<PagedState<T, Q>>({ query: initial, page: 1, pages: 0, total: 0, items: [], loading: !!options.loadingAtStart, failed: false, extra: {} });
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function load(page = $state.get().page, query?: Partial<Q>): Promise<void> {
    const ticket = ++latest;
    const q = { ...$state.get().query, ...query };
    $state.set({ ...$state.get(), query: q, page, loading: true, failed: false });
    try {
      const result = await fetcher(page, q);
      if (ticket !== latest) return;
      if (!result) throw new Error('no data');
      if (!result.items.length && result.total > 0 && page > result.pages) return load(result.pages);
      $state.set({ ...$state.get(), items: result.items, pages: result.pages, total: result.total, extra: result.extra ?? {}, loading: false, failed: false });
    } catch (error) {
      if (ticket !== latest) return;
      onFail(name, error);
      $state.set({ ...$state.get(), loading: false, failed: true });
    }
  }

  function search(query: Q, debounce = false): void {
    clearTimeout(timer);
    $state.setKey('query', query);
    if (debounce) timer = setTimeout(() => void load(1), 300);
    else void load(1);
  }

  return { $state, load, search };
}
