/**
 * Countries of the registration form (§3: numeric ids with Russian and English names). The ids named by the
 * specification are used as given; names come from Intl.DisplayNames in the page's language, so no list of
 * names is shipped. The full catalogue of ~200 ids belongs to the booking-system provider and is not ours to
 * invent: countries outside this list register as 0 (default / other).
 */
export const COUNTRIES: readonly { id: number; iso: string }[] = [
  { id: 1, iso: 'RU' },
  { id: 3, iso: 'BY' },
  { id: 4, iso: 'UA' },
  { id: 8, iso: 'KZ' },
  { id: 55, iso: 'BR' },
];

export const DEFAULT_COUNTRY_ID = 0;
