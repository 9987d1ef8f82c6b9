// "N of M numbers" on /accounts/whats-app: the noun agrees with the limit M (ru/uk: из 1 номера, из 2 номеров,
// из 5 номеров, из 21 номера), through t()'s Intl.PluralRules forms (_one/_few/_many/_other).
import { describe, expect, it } from 'vitest';
import en from '../../../src/features/connections/messages/en.json' with { type: 'json' };
import ru from '../../../src/features/connections/messages/ru.json' with { type: 'json' };
import uk from '../../../src/features/connections/messages/uk.json' with { type: 'json' };
import ptBR from '../../../src/features/connections/messages/pt-BR.json' with { type: 'json' };
import { createT } from '../../../src/i18n/translate.ts';
import type { Locale } from '../../../src/i18n/locales.ts';

const MESSAGES = { ru, uk, en, 'pt-BR': ptBR } as const;
/** The expected texts; the two numbers in each are the count of numbers and the limit. */
const CASES: Record<keyof typeof MESSAGES, string[]> = {
  ru: ['1 из 1 номера', '1 из 2 номеров', '2 из 5 номеров', '3 из 11 номеров', '0 из 21 номера'],
  uk: ['1 з 1 номера', '2 з 3 номерів', '2 з 5 номерів'],
  en: ['1 of 1 number', '2 of 5 numbers', '0 of 0 numbers'],
  'pt-BR': ['1 de 1 número', '2 de 5 números'],
};

describe('the numbers limit agrees with its count', () => {
  it.each(Object.entries(CASES).flatMap(([locale, texts]) => texts.map((text) => [locale, text] as const)))('%s: %s', (locale, text) => {
    const [used, count] = text.match(/\d+/g)!.map(Number) as [number, number];
    expect(createT(locale as Locale, MESSAGES[locale as keyof typeof MESSAGES] as never)('limit', { used, count })).toBe(text);
  });
});
