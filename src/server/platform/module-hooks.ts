/**
 * Loaded before the server with `node --import=./src/server/platform/module-hooks.ts` (npm start, npm run admin;
 * worker threads inherit the flag). Node 24 resolves every relative import of an ES module by reading its package's
 * package.json scope again, and drizzle-orm's is 180 KB: loading drizzle's ~300 modules parsed it ~300 times, 1.1 s of
 * a cold start and ~130 MB of garbage that left the idle server ~80 MB larger (docs/architecture.md "Running it").
 * Drizzle's package is `"type": "module"` and its files import each other by relative `.js` paths, so those resolve
 * to the file next door without asking Node.
 */
import { registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.startsWith('file:') && context.parentURL.includes(DRIZZLE)) {
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
