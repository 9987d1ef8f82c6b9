// "N of M numbers" on /accounts/whats-app: the noun agrees with the limit M (ru/uk: из 1 номера, из 2 номеров,
// из 5 номеров, из 21 номера), through t()'s Intl.PluralRules forms (_one/_few/_many/_other).
import { describe, expect, it } from 'vitest';
import en from '../../../src/features/connections/messages/en.json' with { type: 'json' };
import ru from '../../../src/features/connections/messages/ru.json' with { type: 'json' };
import uk from '../../../src/features/connections/messages/uk.json' with { type: 'json' };
import ptBR from '../../../src/features/connections/messages/pt-BR.json' with { type: 'json' };
import { createT } from '../../../src/i18n/translate.ts';
import type { Locale } from '../../../src/i18n/locales.ts';

const limit = (locale: Locale, messages: object, used: number, count: number) => createT(locale, messages as never)('limit', { used, count });

describe('the numbers limit agrees with its count', () => {
  it.each([
    ['ru', ru, 1, 1, '1 из 1 номера'],
    ['ru', ru, 1, 2, '1 из 2 номеров'],
    ['ru', ru, 2, 5, '2 из 5 номеров'],
    ['ru', ru, 3, 11, '3 из 11 номеров'],
    ['ru', ru, 0, 21, '0 из 21 номера'],
    ['uk', uk, 1, 1, '1 з 1 номера'],
    ['uk', uk, 2, 3, '2 з 3 номерів'],
    ['uk', uk, 2, 5, '2 з 5 номерів'],
    ['en', en, 1, 1, '1 of 1 number'],
    ['en', en, 2, 5, '2 of 5 numbers'],
    ['en', en, 0, 0, '0 of 0 numbers'],
    ['pt-BR', ptBR, 1, 1, '1 de 1 número'],
    ['pt-BR', ptBR, 2, 5, '2 de 5 números'],
  ] as const)('%s: %i of %i', (locale, messages, used, count, text) => {
    expect(limit(locale, messages, used, count)).toBe(text);
  });
});
