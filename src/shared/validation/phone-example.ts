import { getExampleNumber, type CountryCode } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { COUNTRIES } from '../countries.ts';

/** A mobile number of the country in international format ("+55 11 96123 4567"), for a phone field's hint. */
export function phoneExample(countryId: number): string | undefined {
  const iso = COUNTRIES.find((c) => c.id === countryId)?.iso;
  if (!iso) return undefined;
  try {
    return getExampleNumber(iso as CountryCode, examples)?.formatInternational();
  } catch {
    return undefined; // a region without phone metadata (Antarctica, …)
  }
}
