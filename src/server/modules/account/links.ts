import { findBrandByHost } from '../../../brand/load.ts';
import { hostOf } from '../../platform/brands.ts';
import type { ServerConfig } from '../../platform/config.ts';

/** Local hosts the gateway serves: the default brand and `<brand>.localhost`. */
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)(:\d+)?$/i;

/**
 * Origin for links mailed to the user: the page that asked (Client-Host) when it is one of our brand hosts
 * (or a local gateway host), else the configured public origin. A foreign Client-Host never makes it into a
 * mail: a reset link pointing at someone else's site would hand them the code.
 */
export function linkOrigin(config: ServerConfig, clientHost: string | undefined): string {
  const host = hostOf(clientHost)?.toLowerCase();
  if (!host) return config.publicOrigin;
  if (LOCAL_HOST.test(host)) {
    const scheme = clientHost?.startsWith('https://') ? 'https' : 'http';
    return `${scheme}://${host}`;
  }
  const bare = host.replace(/:\d+$/, '');
  const brand = findBrandByHost(bare);
  return brand && brand.hosts.includes(bare) ? `https://${bare}` : config.publicOrigin;
}
