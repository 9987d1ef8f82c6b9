import { defineConfig, presetWind3 } from 'unocss';

export default defineConfig({
  presets: [presetWind3()],
  // The default pipeline reads .tsx/.astro only: plain .ts modules of the browser (the kit's classes, the toaster,
  // the shell's scripts) build their class strings too, and a class read nowhere is missing from the CSS.
  content: {
    pipeline: {
      include: [/\.(vue|svelte|[jt]sx|mdx?|astro|html)($|\?)/, /src[\\/](ui|scripts|features|stores)[\\/].*\.ts($|\?)/],
      exclude: [/node_modules/, /src[\\/]server[\\/]/],
    },
  },
  theme: {
    colors: {
      brand: { DEFAULT: '#1f6feb', dark: '#1558c0', light: '#e8f0fe' },
      ink: { DEFAULT: '#1f2328', muted: '#57606a' },
    },
    breakpoints: { sm: '640px', lg: '992px' },
  },
});
