import { describe, expect, it } from 'vitest';
import { detectLocale } from '../../src/i18n/detect.ts';
import { fromSystemLanguage, toSystemLanguage } from '../../src/i18n/locales.ts';

describe('initial locale from the browser (§1)', () => {
  it.each([
    [['ru'], 'ru'],
    [['ru-RU', 'en'], 'ru'],
    [['ru-KZ'], 'ru'],
    [['ru-UA'], 'ru'],
    [['kz'], 'ru'],
    [['kk-KZ'], 'ru'],
    [['uk'], 'uk'],
    [['uk-UA', 'ru'], 'uk'],
    [['pt-BR'], 'pt-BR'],
    [['pt-br'], 'pt-BR'],
    [['pt-PT'], 'en'],
    [['pt'], 'en'],
    [['en-US'], 'en'],
    [['de-DE', 'ru'], 'en'],
    [['fr'], 'en'],
    [[], 'en'],
  ])('%j → %s', (languages, expected) => {
    expect(detectLocale(languages)).toBe(expected);
  });

  it('maps locales to the system language codes and back', () => {
    expect(toSystemLanguage('pt-BR')).toBe('pt_br');
    expect(toSystemLanguage('uk')).toBe('uk');
    expect(fromSystemLanguage('pt_br')).toBe('pt-BR');
    expect(fromSystemLanguage('ru')).toBe('ru');
    expect(fromSystemLanguage('de')).toBeUndefined();
  });
});
