/** Where to go after signing in: the guard's returnUrl when it is a path on this site, else home. */
export function afterSignIn(home: string): string {
  const target = new URLSearchParams(location.search).get('returnUrl');
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : home;
}

export const queryParam = (name: string): string => new URLSearchParams(location.search).get(name) ?? '';
