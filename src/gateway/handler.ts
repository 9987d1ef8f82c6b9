import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveSite, siteForHost, type Site } from './static-sites.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * One port for everything, as DESIGN.md's local run interface says: `/api/*` on every host goes to the API,
 * every other path to the static site of the brand named by the Host header.
 */
export function gatewayHandler(sites: Site[], defaultBrandId: string, api?: NodeHandler): NodeHandler {
  return (req, res) => {
    if (req.url?.startsWith('/api/')) {
      if (api) return api(req, res);
      res.writeHead(503, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ status: 503, title: 'Service Unavailable', message: 'The API is not running.' }));
      return;
    }
    const site = siteForHost(sites, req.headers.host, defaultBrandId);
    if (!site) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('No brand has been built. Run npm run build.');
      return;
    }
    serveSite(site, req, res);
  };
}
