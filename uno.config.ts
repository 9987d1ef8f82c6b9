import { defineConfig, presetWind3 } from 'unocss';

export default defineConfig({
  presets: [presetWind3()],
  theme: {
    colors: {
      brand: { DEFAULT: '#1f6feb', dark: '#1558c0', light: '#e8f0fe' },
      ink: { DEFAULT: '#1f2328', muted: '#57606a' },
    },
    breakpoints: { sm: '640px', lg: '992px' },
  },
});
