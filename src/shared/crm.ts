/** The booking systems a user's crms list may name (§3). */
export type Crm = 'Altegio' | 'Yclients' | 'Iiko';

/** Countries that form the YCLIENTS group (§6); other countries use Altegio. */
export const YCLIENTS_COUNTRIES: readonly number[] = [0, 1, 3];

export type BookingAccountRoute = 'accountsYclients' | 'accountsAltegio';

/**
 * The sidebar's booking entries. crms (the owner's bundle: CurrentUser.crms adds every system the owner has connected)
 * wins when it names a booking system — both entries when the owner uses both; otherwise §6: countries 0, 1 and 3
 * form the YCLIENTS group, others use Altegio; an owner on iiko alone has none.
 */
export function bookingAccountRoutes(crms: readonly string[], countryId: number): BookingAccountRoute[] {
  const named: BookingAccountRoute[] = [];
  if (crms.includes('Yclients')) named.push('accountsYclients');
  if (crms.includes('Altegio')) named.push('accountsAltegio');
  if (named.length || crms.length) return named;
  return [YCLIENTS_COUNTRIES.includes(countryId) ? 'accountsYclients' : 'accountsAltegio'];
}
