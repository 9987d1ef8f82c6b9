import { useEffect, useState } from 'react';
import type { Locale } from '../../../i18n/locales.ts';
import { loadChunk } from '../../../shared/lazy.ts';

/** Each language's usual country, until the owner picks one (the examples libphonenumber gives for them). */
const LOCALE_EXAMPLE: Record<Locale, string> = {
  ru: '+7 912 345 67 89',
  en: '+1 201 555 0123',
  uk: '+380 50 123 4567',
  'pt-BR': '+55 11 96123 4567',
};

/**
 * The example number a phone field's hint shows: of the chosen country (the numbering data arrives as a lazy
 * chunk only once a country is picked, keeping the form's first JS small), else of the page language's country.
 */
export function usePhoneExample(locale: Locale, countryId: string): string {
  const [example, setExample] = useState(LOCALE_EXAMPLE[locale]);
  useEffect(() => {
    const id = Number(countryId);
    if (!countryId || !id) return setExample(LOCALE_EXAMPLE[locale]);
    let live = true;
    loadChunk(() => import('../../../shared/validation/phone-example.ts'))
      .then(({ phoneExample }) => live && setExample(phoneExample(id) ?? LOCALE_EXAMPLE[locale]))
      .catch(() => undefined); // the language's example stays
    return () => {
      live = false;
    };
  }, [locale, countryId]);
  return example;
}
