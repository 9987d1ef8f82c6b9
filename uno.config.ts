import { defineConfig, presetIcons, presetWind3 } from 'unocss';

export default defineConfig({
  presets: [
    presetWind3(),
    // Icons are CSS (a mask per class, only the classes the sources name): no JS, no font, no emoji. See docs/shell.md "Look".
    presetIcons({
      collections: { lucide: () => import('@iconify-json/lucide/icons.json').then((m) => m.default) },
    }),
  ],
  // The default pipeline reads .tsx/.astro only: plain .ts modules of the browser (the kit's classes, the toaster,
  // the shell's scripts) build their class strings too, and a class read nowhere is missing from the CSS.
  content: {
    pipeline: {
      include: [/\.(vue|svelte|[jt]sx|mdx?|astro|html)($|\?)/, /src[\\/](ui|scripts|features|stores)[\\/].*\.ts($|\?)/],
      exclude: [/node_modules/, /src[\\/]server[\\/]/],
    },
  },
  theme: {
    // One CSS build serves every brand: the colours are variables the layout sets per brand (src/brand/theme.ts).
    colors: {
      brand: { DEFAULT: 'var(--brand)', dark: 'var(--brand-dark)', light: 'var(--brand-light)' },
      accent: { DEFAULT: 'var(--accent)' },
      ink: { DEFAULT: '#1f2328', muted: '#57606a' },
    },
    breakpoints: { sm: '640px', lg: '992px' },
  },
});
