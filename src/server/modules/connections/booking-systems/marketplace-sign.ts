import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidField } from '../../../platform/http/field-error.ts';

/**
 * The marketplace redirect's proof that the salon installed our app for this user: `user_data_sign` is the hex
 * HMAC-SHA256 of the `user_data` string under the partner token (docs/booking-systems.md "Marketplace"; the format is
 * a third-party description of the YCLIENTS docs, unverified). Without it any signed-in owner could claim any salon
 * that installed the app. Throws a 400 naming the field; nothing has been read or written yet.
 */
export function checkMarketplaceSignature(partnerToken: string, body: { salonId: number; userData: string; userDataSign: string }): void {
  const expected = createHmac('sha256', partnerToken).update(body.userData, 'utf8').digest();
  const given = Buffer.from(body.userDataSign, 'hex'); // the contract's pattern makes it 32 bytes
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidField('userDataSign', 'bookingMarketplaceUnsigned');
  const data = decode(body.userData);
  if (!data) throw invalidField('userData', 'bookingMarketplaceData');
  if (!namesSalon(data, body.salonId)) throw invalidField('salonId', 'bookingMarketplaceOtherSalon');
}

function decode(userData: string): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(userData)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(userData, 'base64').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `salon_id` equal to the salon (a number or a numeric string), or the salon among `salon_ids`. */
function namesSalon(data: Record<string, unknown>, salonId: number): boolean {
  const same = (v: unknown) => (typeof v === 'number' && v === salonId) || (typeof v === 'string' && /^[0-9]{1,10}$/.test(v) && Number(v) === salonId);
  return same(data.salon_id) || (Array.isArray(data.salon_ids) && data.salon_ids.some(same));
}
