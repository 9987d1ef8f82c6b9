/** What a page needs at run time to find its API; written into the page by the layout. */
export interface ApiRuntime {
  hosts: string[];
  apiBaseUrl: string;
  apiBaseUrlForMeHosts?: string;
  /** The support chat widget's script (§2), loaded while a user is signed in. */
  supportChatUrl?: string;
  /** Tariff ids this host offers (§6). */
  tariffs: number[];
}

/**
 * §7: on a brand's production hosts the API lives on the brand's API host, and hosts ending in .me use their
 * own one. Any other host (the local gateway, a preview deployment) serves the API on its own origin.
 */
export function resolveApiBaseUrl(runtime: ApiRuntime, pageOrigin: string): string {
  const { hostname, origin } = new URL(pageOrigin);
  if (!runtime.hosts.includes(hostname)) return `${origin}/api/v1`;
  const base = hostname.endsWith('.me') && runtime.apiBaseUrlForMeHosts ? runtime.apiBaseUrlForMeHosts : runtime.apiBaseUrl;
  return `${base.replace(/\/+$/, '')}/api/v1`;
}
