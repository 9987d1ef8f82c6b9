// One Astro build for all brands (docs/shell.md "Build"): pages render to dist/.all/<brand>/ against one client bundle
// in dist/.all/_astro/; scripts/build-brands.ts then moves each brand to dist/<brand>/ with its own copy of _astro/.
import { defineConfig } from 'astro/config';
// Islands keep the React API (imports from 'react') and run on Preact's compatibility layer: ~18 KB gzip instead of
// React 19's ~69 KB per cabinet page (docs/architecture.md "Browser runtime").
import preact from '@astrojs/preact';
import UnoCSS from '@unocss/astro';

/** Preact's settings for the islands (when effects run), loaded before any island hydrates. */
const preactOptions = {
  name: 'cabinet:preact-options',
  hooks: { 'astro:config:setup': ({ injectScript }) => injectScript('before-hydration', `import '/src/ui/preact-options.ts';`) },
};

export default defineConfig({
  output: 'static',
  outDir: './dist/.all',
  cacheDir: './node_modules/.astro/all',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [preact({ compat: true }), preactOptions, UnoCSS({ injectReset: true })],
  devToolbar: { enabled: false },
  // Prerendering bundles the React binding of nanostores so that its `react` import also resolves to preact/compat.
  vite: { resolve: { noExternal: ['@nanostores/react'] } },
});
