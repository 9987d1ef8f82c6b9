import { useEffect, useState } from 'react';

/**
 * False on the first render, true after it. The server renders without a session; a first client render that reads
 * the session (a role from the stored token) differs from the server's HTML, a hydration mismatch (React #418).
 * What depends on the session renders once this is true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
