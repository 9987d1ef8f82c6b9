import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { pagedList, type PageFetcher, type PagedListOptions } from './paged-list.ts';

/**
 * An island's own paged list (one per mounted component, e.g. a panel of one user): page 1 on mount and whenever
 * `key` changes. `key` names everything the fetcher depends on, so a new closure each render does not reload.
 */
export function usePagedList<T, Q extends object>(options: PagedListOptions, initial: Q, fetcher: PageFetcher<T, Q>, key?: unknown) {
  const [list, setList] = useState(() => pagedList(options, initial, fetcher));
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setList(pagedList(options, initial, fetcher));
  }
  const state = useStore(list.$state);
  useEffect(() => void list.load(1), [list]);
  return { state, load: list.load, search: list.search };
}
