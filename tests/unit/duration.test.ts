import { describe, expect, it } from 'vitest';
import { formatDays, formatDuration, formatMinutes } from '../../src/shared/duration.ts';

// Spaces inside Intl output may be narrow no-break spaces; compare on plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('durations in human units (issue 16)', () => {
  it('a 43200-minute delay reads as 30 days in every interface language', () => {
    expect(plain(formatMinutes('en', 43_200))).toBe('30 days');
    expect(plain(formatMinutes('ru', 43_200))).toBe('30 дней');
    expect(plain(formatMinutes('uk', 43_200))).toBe('30 днів');
    expect(plain(formatMinutes('pt-BR', 43_200))).toBe('30 dias');
  });

  it('follows each language\'s plural forms', () => {
    expect(['1', '2', '5', '21', '22', '25'].map((n) => plain(formatDays('ru', Number(n))))).toEqual(['1 день', '2 дня', '5 дней', '21 день', '22 дня', '25 дней']);
    expect(['1', '3', '11'].map((n) => plain(formatMinutes('uk', Number(n) * 60)))).toEqual(['1 година', '3 години', '11 годин']);
    expect(plain(formatMinutes('en', 1))).toBe('1 minute');
  });

  it('mixes units without zero parts, and has a short style', () => {
    expect(plain(formatMinutes('en', 90))).toBe('1 hour, 30 minutes');
    expect(plain(formatMinutes('en', 1_440 + 120))).toBe('1 day, 2 hours');
    expect(plain(formatMinutes('ru', 720, 'short'))).toBe('12 ч');
    expect(plain(formatDuration('en', 5))).toBe('5 seconds');
  });

  it('zero reads in the unit the value is kept in; the API\'s pt_br spelling is accepted', () => {
    expect(plain(formatMinutes('ru', 0))).toBe('0 минут');
    expect(plain(formatDays('en', 0))).toBe('0 days');
    expect(plain(formatDays('pt_br', 7))).toBe('7 dias');
  });
});
