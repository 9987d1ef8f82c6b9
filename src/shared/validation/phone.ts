// Phone rules live apart from the others: libphonenumber's metadata is ~40 KB gzip, so browser screens load
// this module only when they check a phone.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { err, isBlank, type FieldError } from './rules.ts';

/** Phone in international form (a leading + or digits with a country code); validated by libphonenumber-js. */
export function checkPhone(value: unknown, field = 'phone'): FieldError | undefined {
  if (isBlank(value)) return err(field, 'phoneRequired');
  const raw = (value as string).trim();
  const phone = parsePhoneNumberFromString(raw.startsWith('+') ? raw : `+${raw}`);
  if (!phone || !phone.isValid()) return err(field, 'phoneInvalid');
  return undefined;
}

/** The phone in E.164 form, or undefined when it is not valid. */
export function normalizePhone(value: string): string | undefined {
  const raw = value.trim();
  const phone = parsePhoneNumberFromString(raw.startsWith('+') ? raw : `+${raw}`);
  return phone?.isValid() ? phone.number : undefined;
}
