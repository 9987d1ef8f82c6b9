/**
 * The server `npm start` runs (from its bundle, start.mjs): opens the database (creating and migrating it on first
 * run), and serves every brand and the API on one port. Brand <id> answers at http://<id>.localhost:PORT/,
 * the default brand at http://localhost:PORT/, and /api/v1/* on every host.
 */
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { DEFAULT_BRAND_ID, loadBrands } from '../src/brand/load.ts';
import { gatewayHandler } from '../src/gateway/handler.ts';
import { loadSites } from '../src/gateway/static-sites.ts';
import { createApi } from '../src/server/index.ts';

const ROOT = resolve(import.meta.dirname, '..');

const brands = loadBrands();
const sites = loadSites(join(ROOT, 'dist'), brands);
const missing = brands.filter((b) => !sites.some((s) => s.brand.id === b.id));
if (missing.length) console.warn(`Not built, not served: ${missing.map((b) => b.id).join(', ')} (npm run build)`);

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const api = await createApi({
  env: process.env,
  fastify: { serverFactory: (handler) => createServer(gatewayHandler(sites, DEFAULT_BRAND_ID, handler)) },
});
await api.app.listen({ port, host });

const origin = (h: string) => `http://${h}:${port}/`;
console.log(`\nThe cabinet is running (API at ${origin('localhost')}api/v1/ on every host):`);
console.log(`  ${DEFAULT_BRAND_ID.padEnd(18)} ${origin('localhost')}`);
for (const site of sites) console.log(`  ${site.brand.id.padEnd(18)} ${origin(`${site.brand.id}.localhost`)}`);
console.log(`\nDemo account: demo@cabinet.local / demo123 (or open /demo on any host)`);
console.log(`Data directory: ${api.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : api.config.dataDir}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void api.close().finally(() => process.exit(0));
  });
}
