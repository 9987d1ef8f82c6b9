/**
 * Prints the file URL `npm start` runs the server from (start.mjs): the bundle of scripts/serve.ts, made when stale
 * (src/server/platform/bundle.ts), or serve.ts itself when no bundle can be made (the reason goes to stderr).
 */
import { bundledEntry } from '../src/server/platform/bundle.ts';

const url = await bundledEntry(new URL('./serve.ts', import.meta.url), { warn: (message) => console.warn(message) });
console.log(url.href);
