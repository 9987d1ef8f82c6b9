import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { messagesPath, NAMESPACES, type Namespace } from '../../src/i18n/namespaces.ts';
import { createT, type Messages } from '../../src/i18n/translate.ts';
import { ROUTES } from '../../src/routes/registry.ts';

const read = (locale: string, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../src', messagesPath(locale as Locale, ns as Namespace)), 'utf8')) as Messages;
const keys = (m: Messages, prefix = ''): string[] =>
  Object.entries(m).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));
const namespaces = [...NAMESPACES];

describe('messages', () => {
  it.each(namespaces)('every locale has every key of %s, with the same placeholders', (ns) => {
    const en = read('en', ns);
    for (const locale of LOCALES) {
      const other = read(locale, ns);
      expect(keys(other).sort(), `${locale}/${ns}`).toEqual(keys(en).sort());
      const tEn = createT('en', en);
      const tOther = createT(locale, other);
      for (const key of keys(en)) {
        const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
        expect(vars(tOther(key)), `${locale}/${ns}:${key}`).toEqual(vars(tEn(key)));
      }
    }
  });

  it('every route has a title in every locale', () => {
    for (const locale of LOCALES) {
      const t = createT(locale, read(locale, 'routes'));
      for (const route of ROUTES) expect(t(route.name), `${locale}:${route.name}`).not.toBe(route.name);
    }
  });

  it('Russian and Ukrainian shell texts hold no English words beyond product names', () => {
    const allowed = /^(WhatsApp|Telegram|WABA|iiko|amoCRM|Sigma|SMS|Twilio|Chatwoot|YCLIENTS|Altegio|API|CRM|RFM|QR|Google|Windows|Mac|GMT|year|product|version)$/;
    for (const locale of ['ru', 'uk']) {
      for (const ns of namespaces) {
        const m = read(locale, ns);
        for (const key of keys(m)) {
          // Literals the owner types or sees in a provider's console stay as they are: commands (/start), prefixed
          // values (whatsapp:+1…, 123456789:AA…), Twilio's field name Account SID and its AC prefix, HTTPS, and
          // the WABA provider's name 360dialog (its digits keep it out of the word list below).
          const text = createT(locale as 'ru', m)(key).replace(/\/\w+|\S*:\S+|Account SID|\bAC\b|HTTPS|\b360dialog\b/g, '');
          const words = text.match(/[A-Za-z]+/g) ?? [];
          for (const word of words) expect(word, `${locale}/${ns}:${key}`).toMatch(allowed);
        }
      }
    }
  });

  it('t() interpolates and picks plural forms per language', () => {
    const t = createT('ru', { n_one: '{{count}} сообщение', n_few: '{{count}} сообщения', n_many: '{{count}} сообщений' });
    expect(t('n', { count: 1 })).toBe('1 сообщение');
    expect(t('n', { count: 3 })).toBe('3 сообщения');
    expect(t('n', { count: 11 })).toBe('11 сообщений');
    expect(createT<Messages>('en', {})('missing.key')).toBe('missing.key');
  });
});
