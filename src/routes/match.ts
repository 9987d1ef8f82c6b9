/**
 * Path patterns of the route registry: `:param` segments and an optional last `:param?`; a trailing slash is
 * optional when matching. Used by the generator's manifests and the local gateway alike.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const expected = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  if (actual.length > expected.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i++) {
    const part = expected[i];
    const value = actual[i];
    if (!part.startsWith(':')) {
      if (part !== value) return null;
      continue;
    }
    const optional = part.endsWith('?');
    if (value === undefined) {
      if (optional) continue;
      return null;
    }
    try {
      params[part.slice(1).replace(/\?$/, '')] = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return params;
}

/** The same pattern as a regular expression source, for nginx. */
export function patternToRegex(pattern: string): string {
  const parts = pattern.split('/').filter(Boolean).map((part) => {
    if (!part.startsWith(':')) return '/' + part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
  });
  return `^${parts.join('') || ''}/?$`;
}
