/** The booking systems a user's crms list may name (§3). */
export type Crm = 'Altegio' | 'Yclients' | 'Iiko';

/** Countries that form the YCLIENTS group (§6); other countries use Altegio. */
export const YCLIENTS_COUNTRIES: readonly number[] = [0, 1, 3];

/** §6: countries 0, 1 and 3 form the YCLIENTS group; others use Altegio. crms wins when it names one. */
export function bookingAccountRoute(crms: readonly string[], countryId: number): 'accountsYclients' | 'accountsAltegio' | null {
  if (crms.includes('Yclients')) return 'accountsYclients';
  if (crms.includes('Altegio')) return 'accountsAltegio';
  if (crms.length === 0) return YCLIENTS_COUNTRIES.includes(countryId) ? 'accountsYclients' : 'accountsAltegio';
  return null;
}
