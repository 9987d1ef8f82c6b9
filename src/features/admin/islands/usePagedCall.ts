import { useCallback, useEffect, useState } from 'react';
import { logAdminFailure } from '../api.ts';

export interface PagedCall<T> {
  data: T | null;
  loading: boolean;
  /** The last load failed (details are in the console, §7). */
  failed: boolean;
  load(page: number): Promise<void>;
}

/** A panel's own paged call (page 1 on mount and whenever `key` changes); failures are only logged (§7). */
export function usePagedCall<T>(what: string, key: unknown, call: (page: number) => Promise<{ data?: T; error?: unknown }>): PagedCall<T> {
  const [state, setState] = useState<{ data: T | null; loading: boolean; failed: boolean }>({ data: null, loading: true, failed: false });
  // `key` names everything `call` depends on, so a new closure each render does not reload.
  const load = useCallback(async (page: number) => {
    setState((s) => ({ ...s, loading: true }));
    try {
      const { data, error } = await call(page);
      if (error || !data) throw error ?? new Error('no data');
      setState({ data, loading: false, failed: false });
    } catch (error) {
      logAdminFailure(what, error);
      setState((s) => ({ ...s, loading: false, failed: true }));
    }
  }, [what, key]);
  useEffect(() => void load(1), [load]);
  return { ...state, load };
}
