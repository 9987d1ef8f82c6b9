// One Astro build per brand: scripts/build-brands.ts sets BRAND and runs this config once for each.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import UnoCSS from '@unocss/astro';

const brand = process.env.BRAND ?? 'main-ru';

export default defineConfig({
  output: 'static',
  outDir: `./dist/${brand}`,
  cacheDir: `./node_modules/.astro/${brand}`,
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [react(), UnoCSS({ injectReset: true })],
  devToolbar: { enabled: false },
});
