import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../../stores/session.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { loadChunk } from '../../../shared/lazy.ts';

/** Each language's usual country, until the owner picks one (the examples libphonenumber gives for them). */
const LOCALE_EXAMPLE: Record<Locale, string> = {
  ru: '+7 912 345 67 89',
  en: '+1 201 555 0123',
  uk: '+380 50 123 4567',
  'pt-BR': '+55 11 96123 4567',
};

/** A number never wraps inside a hint ("+7 912" on one line, "345 67 89" on the next): no-break spaces. */
const unbroken = (number: string) => number.replace(/ /g, '\u00a0');

/** The page language's usual example, for a page that knows no country (the public blacklist page). */
export const localeExample = (locale: Locale): string => unbroken(LOCALE_EXAMPLE[locale]);

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
  return unbroken(example);
}

/**
 * The hint's example in the signed-in owner's country (the profile's, from the shell's session), else the page
 * language's: every phone field of the cabinet (blacklist, subscribers, test numbers) shows the same as the profile.
 */
export function useOwnerPhoneExample(locale: Locale): string {
  const countryId = useStore($session).user?.countryId;
  return usePhoneExample(locale, countryId ? String(countryId) : '');
}
