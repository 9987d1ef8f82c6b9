import type { Locale } from './locales.ts';

/**
 * Initial locale of §1 from the browser's preferred languages: ru variants and kz give ru, uk gives uk,
 * pt-BR gives pt-BR, anything else en. Only the first preferred language counts, as a browser reports it.
 * Kept free of imports: the page's inline boot script embeds this function's source.
 */
export function detectLocale(languages: readonly string[]): Locale {
  const first = (languages[0] ?? '').toLowerCase();
  const base = first.split(/[-_]/)[0];
  if (base === 'ru' || base === 'kz' || base === 'kk') return 'ru';
  if (base === 'uk') return 'uk';
  if (first === 'pt-br' || first === 'pt_br') return 'pt-BR';
  return 'en';
}
