// One Astro build per brand: scripts/build-brands.ts sets BRAND and runs this config once for each.
import { defineConfig } from 'astro/config';
// Islands keep the React API (imports from 'react') and run on Preact's compatibility layer: ~18 KB gzip instead of
// React 19's ~69 KB per cabinet page (docs/architecture.md "Browser runtime").
import preact from '@astrojs/preact';
import UnoCSS from '@unocss/astro';

const brand = process.env.BRAND ?? 'main-ru';

/** Preact's settings for the islands (when effects run), loaded before any island hydrates. */
const preactOptions = {
  name: 'cabinet:preact-options',
  hooks: { 'astro:config:setup': ({ injectScript }) => injectScript('before-hydration', `import '/src/ui/preact-options.ts';`) },
};

export default defineConfig({
  output: 'static',
  outDir: `./dist/${brand}`,
  cacheDir: `./node_modules/.astro/${brand}`,
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [preact({ compat: true }), preactOptions, UnoCSS({ injectReset: true })],
  devToolbar: { enabled: false },
  // Prerendering bundles the React binding of nanostores so that its `react` import also resolves to preact/compat.
  vite: { resolve: { noExternal: ['@nanostores/react'] } },
});
