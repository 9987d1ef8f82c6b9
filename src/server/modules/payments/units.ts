import type { Tx } from '../../platform/db/transactions.ts';
import type { UnitKind } from '../../../shared/payments/catalogue.ts';
import { linkedAccountsOf } from '../account/store.ts';
import { connectionsOf } from '../connections/store.ts';

export type BuyableUnit = Exclude<UnitKind, 'account'>;
export type OwnerUnits = Record<BuyableUnit, { id: string; name: string }[]>;

/**
 * What the owner can buy tariffs for, from the owners' stores: WhatsApp numbers (connections), booking companies,
 * iiko organisations (their GUID, as a payment's iikoOrganizationsIds holds it) and clinic branches (medFlex LPUs).
 * Ids are strings so one cart shape takes all four (docs/payments.md "Units").
 */
export async function ownerUnits(db: Tx, userId: number): Promise<OwnerUnits> {
  const [numbers, companies, organisations, branches] = await Promise.all([
    connectionsOf(db, userId, 'whatsapp'),
    linkedAccountsOf(db, userId, 'yclientsCompany'),
    linkedAccountsOf(db, userId, 'iikoOrganization'),
    linkedAccountsOf(db, userId, 'medFlexLpu'),
  ]);
  return {
    instance: numbers.map((r) => ({ id: String(r.id), name: r.name || (r.phone ? `+${r.phone}` : '') })),
    company: companies.map((r) => ({ id: String(r.id), name: r.name })),
    organisation: organisations.map((r) => ({ id: r.externalId ?? String(r.id), name: r.name })),
    clinicBranch: branches.map((r) => ({ id: String(r.id), name: r.name })),
  };
}
