import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BrandConfigError, loadBrands, parseBrand } from '../../src/brand/load.ts';
import { isEnabled } from '../../src/brand/flags.ts';

const valid = readFileSync(join(import.meta.dirname, '../../brands/distribution-ru.json'), 'utf8');
const edit = (change: (brand: Record<string, any>) => void) => {
  const data = JSON.parse(valid);
  change(data);
  return JSON.stringify(data);
};
const parseError = (text: string, file = 'brands/distribution-ru.json') => {
  try {
    parseBrand(file, text);
  } catch (error) {
    expect(error).toBeInstanceOf(BrandConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the brand to be rejected');
};

describe('brand files', () => {
  it('all nine shipped brands are valid and have the fixed ids', () => {
    expect(loadBrands().map((b) => b.id).sort()).toEqual(
      ['ai-app', 'ai-assistant', 'ai-dashboard', 'clinic', 'distribution-intl', 'distribution-ru', 'main-intl', 'main-ru', 'quality'],
    );
  });

  it('carry the tariffs of §6 per host family', () => {
    const tariffs = Object.fromEntries(loadBrands().map((b) => [b.id, b.tariffs]));
    for (const id of ['ai-assistant', 'ai-app', 'ai-dashboard']) expect(tariffs[id]).toEqual([20]);
    expect(tariffs.clinic).toEqual([25]);
    expect(tariffs['distribution-ru']).toEqual([13]);
    expect(tariffs['distribution-intl']).toEqual([13]);
    expect([...tariffs['main-ru']].sort((a, b) => a - b)).toEqual([0, 1, 3, 4, 5, 9, 13, 14, 15, 16, 17, 19, 20]);
  });

  it('the AI dashboard always speaks English; distribution hosts say addDistribution', () => {
    const brands = loadBrands();
    const dashboard = brands.find((b) => b.id === 'ai-dashboard')!;
    expect(dashboard.locale).toEqual({ default: 'en', fixed: true });
    expect(brands.find((b) => b.id === 'distribution-ru')!.addFlowTextKey).toBe('addDistribution');
    expect(isEnabled(dashboard, 'languageSelect')).toBe(false);
  });

  it('fills defaults for omitted optional parts', () => {
    const brand = parseBrand('brands/distribution-ru.json', edit((b) => {
      delete b.flags;
      delete b.bottomLinks;
      delete b.locale;
    }));
    expect(brand.flags.footer).toBe(false);
    expect(brand.bottomLinks).toEqual({ ideas: false, referral: false });
    expect(brand.locale).toEqual({ default: 'ru', fixed: false });
  });

  it('names the file, the field and what was expected', () => {
    const message = parseError(edit((b) => (b.apiBaseUrl = 'not a url')));
    expect(message).toContain('brands/distribution-ru.json');
    expect(message).toContain('apiBaseUrl: expected an absolute URL');
  });

  it.each([
    ['a missing required field', (b: any) => delete b.productName, 'productName'],
    ['an unknown variant', (b: any) => (b.variant = 'retail'), 'variant'],
    ['an unknown sidebar entry', (b: any) => (b.sidebar = ['distributions', 'shop']), 'sidebar.1'],
    ['an unknown flag', (b: any) => (b.flags.darkMode = true), 'flags'],
    ['a flag of the wrong type', (b: any) => (b.flags.footer = 'yes'), 'flags.footer'],
    ['a tariff id out of range', (b: any) => (b.tariffs = [13, 99]), 'tariffs.1'],
    ['a duplicated tariff', (b: any) => (b.tariffs = [13, 13]), 'tariffs: lists a tariff id twice'],
    ['a missing currency', (b: any) => delete b.currency, 'currency: expected RUB or USD'],
    ['an unknown currency', (b: any) => (b.currency = 'EUR'), 'currency: expected RUB or USD'],
    ['an unknown locale', (b: any) => (b.locale = { default: 'de' }), 'locale.default'],
    ['a host with a scheme', (b: any) => (b.hosts = ['https://x.ru']), 'hosts.0'],
    ['a .me host without its API', (b: any) => (b.hosts = ['app.massend.me']), 'apiBaseUrlForMeHosts'],
    ['a language select on a fixed locale', (b: any) => (b.locale = { default: 'en', fixed: true }), 'flags.languageSelect'],
    ['an unknown top-level key', (b: any) => (b.colour = 'red'), 'colour'],
  ])('rejects %s', (_, change, field) => {
    expect(parseError(edit(change))).toContain(field);
  });

  it('rejects a file whose id differs from its name', () => {
    expect(parseError(valid, 'brands/other.json')).toContain('id: expected "other"');
  });

  it('rejects text that is not JSON', () => {
    expect(parseError('{ "id": ')).toContain('not valid JSON');
  });

  it('a tenth brand is a copied file, no code change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'brands-'));
    writeFileSync(join(dir, 'flowers.json'), edit((b) => {
      b.id = 'flowers';
      b.productName = 'Bloomer';
      b.hosts = ['app.bloomer.shop'];
    }));
    expect(loadBrands(dir).map((b) => b.productName)).toEqual(['Bloomer']);
  });

  it('refuses two brands claiming one host', () => {
    const dir = mkdtempSync(join(tmpdir(), 'brands-'));
    writeFileSync(join(dir, 'a.json'), edit((b) => (b.id = 'a')));
    writeFileSync(join(dir, 'b.json'), edit((b) => (b.id = 'b')));
    expect(() => loadBrands(dir)).toThrow(/app\.massend\.ru is listed by both/);
  });
});
