// The glossary (docs/glossary.md) holds: one word per concept and language. Each language's "don't say" words may
// not appear in any message value; a flow's texts never call it a distribution (a separate feature, spec §1).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { messagesPath, NAMESPACES, type Namespace } from '../../src/i18n/namespaces.ts';

type Tree = { [key: string]: string | Tree };
const values = (locale: Locale): [string, string][] =>
  NAMESPACES.flatMap((ns) => {
    const tree = JSON.parse(readFileSync(join(import.meta.dirname, '../../src', messagesPath(locale, ns as Namespace)), 'utf8')) as Tree;
    const walk = (t: Tree, prefix: string): [string, string][] =>
      Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : walk(v, `${prefix}${k}.`)));
    return walk(tree, `${ns}:`);
  });

/** Word starts (any ending: cases, plurals) the glossary's "don't say" column rules out, per language. */
const DONT_SAY: Record<Locale, string[]> = {
  ru: ['поток', 'сценари', 'массовая рассылк', 'массовые рассылк', 'массовую рассылк', 'кампани', 'песочниц', 'список игнорир', 'списке игнорир', 'стоп-лист', 'игнор-лист', 'триал', 'продакшн'],
  uk: ['потік', 'поток', 'сценарі', 'масова розсилк', 'масові розсилк', 'масову розсилк', 'кампані', 'пісочниц', 'список ігнор', 'списку ігнор', 'стоп-лист', 'тріал'],
  en: ['mailing', 'scenario', 'campaign', 'sandbox', 'ignore list', 'workflow', 'task', 'customer', 'production'],
  'pt-BR': ['disparo', 'tarefa', 'cenário', 'sandbox', 'lista de ignorados', 'tarifa', 'produção', 'template', 'proprietário'],
};

/** `namespace:key` → words it may use for something else than the concept they are banned for. */
const ALLOWED: Partial<Record<Locale, Record<string, string[]>>> = {};

/** The Distributions feature's own word, which a flow's text never uses. */
const DISTRIBUTION: Record<Locale, string> = { ru: 'рассылк', uk: 'розсилк', en: 'distribution', 'pt-BR': 'campanha' };

const startsWord = (text: string, stem: string) => new RegExp(`(^|[^\\p{L}])${stem}`, 'iu').test(text);

describe('glossary (docs/glossary.md)', () => {
  it.each(LOCALES)('%s: no message uses a "don\'t say" word', (locale) => {
    const found = values(locale).flatMap(([key, text]) =>
      DONT_SAY[locale].filter((stem) => startsWord(text, stem) && !ALLOWED[locale]?.[key]?.includes(stem)).map((stem) => `${key}: ${stem}`),
    );
    expect(found).toEqual([]);
  });

  it.each(LOCALES)('%s: a flow\'s texts never call it a distribution', (locale) => {
    // The quick start makes flows: its texts are a flow's texts too.
    const flowKeys = values(locale).filter(([key]) => (/flow/i.test(key) || key.startsWith('onboarding:')) && !/distribution/i.test(key));
    expect(flowKeys.length).toBeGreaterThan(20);
    expect(flowKeys.filter(([, text]) => startsWord(text, DISTRIBUTION[locale])).map(([key]) => key)).toEqual([]);
  });
});
