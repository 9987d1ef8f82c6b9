import { describe, expect, it } from 'vitest';
import { loadBrands, parseBrand } from '../../src/brand/load.ts';
import { DEFAULT_THEME } from '../../src/brand/schema.ts';
import { faviconHref, themeStyle } from '../../src/brand/theme.ts';

// WCAG 2.x relative luminance and contrast ratio.
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
const WHITE = '#ffffff';
const INK = '#1f2328'; // uno.config.ts ink

describe('brand themes', () => {
  const brands = loadBrands();

  it('today\'s blue is the default and passes', () => {
    expect(contrast(WHITE, DEFAULT_THEME.primary)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(brands.map((b) => [b.id, b] as const))('%s: text colours keep AA contrast (>= 4.5)', (_id, brand) => {
    const { primary, primaryDark, primaryLight, accent } = brand.theme;
    expect(contrast(WHITE, primary), 'white on primary (buttons)').toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, primaryDark), 'white on primaryDark (hovered buttons)').toBeGreaterThanOrEqual(4.5);
    expect(contrast(primaryDark, WHITE), 'primaryDark on white (links, product name)').toBeGreaterThanOrEqual(4.5);
    expect(contrast(primaryDark, primaryLight), 'primaryDark on primaryLight (avatar)').toBeGreaterThanOrEqual(4.5);
    expect(contrast(INK, primaryLight), 'ink on primaryLight (current sidebar item)').toBeGreaterThanOrEqual(4.5);
    expect(contrast(INK, accent), 'ink on accent (badges)').toBeGreaterThanOrEqual(4.5);
  });

  it('the nine brands have distinct primaries, a logo and a favicon', () => {
    expect(new Set(brands.map((b) => b.theme.primary)).size).toBe(brands.length);
    for (const brand of brands) {
      expect(brand.logo, brand.id).toMatch(/^<svg /);
      expect(faviconHref(brand), brand.id).toMatch(/^data:image\/svg\+xml,%3Csvg/);
      expect(themeStyle(brand)).toContain(`--brand:${brand.theme.primary}`);
    }
  });

  const base = (extra: Record<string, unknown>) =>
    JSON.stringify({ id: 'x', productName: 'X', hosts: ['x.example.com'], apiBaseUrl: 'https://api.example.com', variant: 'default', sidebar: ['home'], tariffs: [], currency: 'USD', ...extra });

  it('a brand without a theme gets today\'s blue and no logo', () => {
    const brand = parseBrand('brands/x.json', base({}));
    expect(brand.theme).toEqual(DEFAULT_THEME);
    expect(faviconHref(brand)).toBeUndefined();
  });

  it.each([
    [{ theme: { primary: 'blue' } }, 'theme.primary'],
    [{ theme: { accent: '#fff' } }, 'theme.accent'],
    [{ logo: '<img src=x>' }, 'logo'],
    [{ logo: "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'></svg>" }, 'logo'],
    [{ favicon: "<svg xmlns='http://www.w3.org/2000/svg'><image href='https://x'/></svg>" }, 'favicon'],
  ])('rejects %j naming %s', (extra, field) => {
    expect(() => parseBrand('brands/x.json', base(extra))).toThrow(field);
  });
});
