import { useEffect, useRef } from 'react';

/** How often running distributions refresh (issue 20: live progress). */
export const POLL_MS = 3000;
/** How often a shown distribution that does not run is read again (another screen or tab may start it). */
export const IDLE_POLL_MS = 15_000;

/**
 * Calls `refresh` every `ms` (3 s) while `active` and the tab is visible; a tab that comes back refreshes at once. One
 * refresh at a time: a slow answer is never overtaken by the next tick.
 */
export function usePoll(active: boolean, refresh: () => Promise<unknown>, ms = POLL_MS): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && document.visibilityState === 'visible') timer = setTimeout(tick, ms);
    };
    const tick = () => void latest.current().finally(schedule);
    const onVisibility = () => (document.visibilityState === 'visible' ? tick() : clearTimeout(timer));
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, ms]);
}
