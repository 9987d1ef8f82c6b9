import { hostOf } from '../brands.ts';
import type { ServerConfig } from '../config.ts';

/** Origin for links mailed to the user: the page that asked (Client-Host), else the configured public origin. */
export function linkOrigin(config: ServerConfig, clientHost: string | undefined): string {
  if (clientHost) {
    try {
      return new URL(clientHost).origin;
    } catch {
      const host = hostOf(clientHost);
      if (host && /^[a-z0-9.-]+(:\d+)?$/i.test(host)) return `https://${host}`;
    }
  }
  return config.publicOrigin;
}
