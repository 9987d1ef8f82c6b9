import { describe, expect, it } from 'vitest';
import { resolveApiBaseUrl } from '../../src/brand/api-base.ts';
import { loadBrand } from '../../src/brand/load.ts';
import { withPlus } from '../../src/scripts/support-chat.ts';

const runtime = (id: string) => {
  const brand = loadBrand(id);
  return { hosts: brand.hosts, apiBaseUrl: brand.apiBaseUrl, apiBaseUrlForMeHosts: brand.apiBaseUrlForMeHosts, tariffs: brand.tariffs };
};

describe('API base URL (§7)', () => {
  it('production hosts use the brand API; .me hosts their own API host', () => {
    expect(resolveApiBaseUrl(runtime('main-ru'), 'https://app.notifio.ru')).toBe('https://api.notifio.ru/api/v1');
    expect(resolveApiBaseUrl(runtime('main-intl'), 'https://app.notifio.me')).toBe('https://api.notifio.me/api/v1');
  });
  it('any other host (local gateway, previews) talks to its own origin', () => {
    expect(resolveApiBaseUrl(runtime('main-ru'), 'http://main-ru.localhost:8080')).toBe('http://main-ru.localhost:8080/api/v1');
    expect(resolveApiBaseUrl(runtime('clinic'), 'https://preview-42.example.dev')).toBe('https://preview-42.example.dev/api/v1');
  });
});

describe('support chat identity (§2)', () => {
  it('phones carry a plus prefix', () => {
    expect(withPlus('79990000000')).toBe('+79990000000');
    expect(withPlus('+7 999 000-00-00')).toBe('+79990000000');
    expect(withPlus(null)).toBe('');
  });
});
