// The one Astro run renders every brand under dist/.all/<brand id>/ beside the shared dist/.all/_astro/, then
// scripts/build-brands.ts moves each brand to dist/<brand>/ (docs/shell.md "Build"). What that relies on:
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBrands } from '../../src/brand/load.ts';
import { staticPages } from '../../src/routes/page-context.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const builtBrands = async () => (await import('../../src/brand/built.ts')).builtBrands;

describe('the brands one build renders', () => {
  it('are every brand unless CABINET_BRANDS names some', async () => {
    expect((await builtBrands()).map((b) => b.id)).toEqual(loadBrands().map((b) => b.id));
    vi.resetModules();
    vi.stubEnv('CABINET_BRANDS', 'quality,main-ru');
    expect((await builtBrands()).map((b) => b.id)).toEqual(['quality', 'main-ru']);
  });

  it('an unknown id in CABINET_BRANDS stops the build, naming it', async () => {
    vi.stubEnv('CABINET_BRANDS', 'main-ru,nope');
    await expect(builtBrands()).rejects.toThrow('CABINET_BRANDS names nope: there is no brands/nope.json');
  });
});

describe('one output folder per brand', () => {
  it('brand ids cannot collide with the shared files or the build folders', () => {
    for (const brand of loadBrands()) expect(brand.id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });

  it("each brand renders its not-found page at /404, which becomes the brand's 404.html", () => {
    for (const brand of loadBrands()) {
      const notFound = staticPages(brand).filter((page) => page.path === '/404');
      expect(notFound.map((page) => [page.route.name, page.locale]), brand.id).toEqual([['notFound', brand.locale.default]]);
    }
  });
});
