import { FLOW_KIND_TARIFFS } from '../flows/tariffs.ts';
import { FLOW_KINDS, type FlowKind } from '../flows/kinds.ts';
import { TARIFFS, type TariffId } from '../tariffs.ts';

/**
 * What a tariff is bought per (issue 18): a WhatsApp instance (connections), a booking company, a restaurant
 * organisation, a clinic branch, or the whole account. The spec names the ids of a payment's units
 * (instanceIds, internalYclientsCompaniesIds, iikoOrganizationsIds, medFlexLpuIds) but not which tariff takes
 * which; our choice is in docs/payments.md "The catalogue".
 */
export const UNIT_KINDS = ['instance', 'company', 'organisation', 'clinicBranch', 'account'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

/** Features a tariff switches on besides flow kinds (the screens and modules that check a paid tariff). */
export const TARIFF_FEATURES = [
  'crm',
  'chatwoot',
  'additionalSettings',
  'restaurantOrganisations',
  'restaurantInstance',
  'distributions',
  'api',
  'analytics',
  'reviews',
  'mapReviews',
  'aiAssistant',
  'socialNotifications',
  'clinic',
] as const;
export type TariffFeature = (typeof TARIFF_FEATURES)[number];

interface TariffRule {
  unit: UnitKind;
  features: readonly TariffFeature[];
}

const RULES: Record<TariffId, TariffRule> = {
  0: { unit: 'company', features: [] },
  1: { unit: 'company', features: [] },
  2: { unit: 'account', features: [] },
  3: { unit: 'account', features: ['crm'] },
  4: { unit: 'organisation', features: [] },
  5: { unit: 'organisation', features: [] },
  6: { unit: 'company', features: [] },
  7: { unit: 'account', features: ['additionalSettings'] },
  8: { unit: 'organisation', features: ['restaurantOrganisations'] },
  9: { unit: 'account', features: ['chatwoot'] },
  10: { unit: 'account', features: [] },
  11: { unit: 'account', features: [] },
  12: { unit: 'instance', features: ['restaurantInstance'] },
  13: { unit: 'instance', features: ['distributions'] },
  14: { unit: 'company', features: [] },
  15: { unit: 'instance', features: ['api'] },
  16: { unit: 'account', features: ['analytics'] },
  17: { unit: 'account', features: ['reviews'] },
  18: { unit: 'account', features: ['mapReviews'] },
  19: { unit: 'company', features: [] },
  20: { unit: 'account', features: ['aiAssistant'] },
  21: { unit: 'account', features: ['aiAssistant'] },
  22: { unit: 'account', features: ['aiAssistant'] },
  23: { unit: 'account', features: ['aiAssistant'] },
  24: { unit: 'account', features: ['socialNotifications'] },
  25: { unit: 'clinicBranch', features: ['clinic'] },
};

/** §9: the API plan (15) costs half on the second and later numbers. */
export const API_TARIFF = 15;
export const ADDITIONAL_UNIT_DISCOUNT: Partial<Record<TariffId, number>> = { [API_TARIFF]: 50 };

export interface CatalogueTariff {
  id: TariffId;
  /** The name's i18n key (src/shared/tariffs.ts). */
  name: (typeof TARIFFS)[TariffId];
  unit: UnitKind;
  /** Flow kinds it makes available (the rule that turns a flow Unavailable, src/shared/flows/tariffs.ts) and features. */
  unlocks: { flowKinds: FlowKind[]; features: TariffFeature[] };
  /** Percent off each unit after the first (the API plan's 50 %); 0 elsewhere. */
  additionalUnitDiscountPercent: number;
}

export const TARIFF_IDS = Object.keys(TARIFFS).map(Number) as TariffId[];
export const isTariffId = (id: number): id is TariffId => id in TARIFFS;

/** The catalogue of the named tariffs 0-25 (ids 26-33 have no names and are not sold). */
export const CATALOGUE: Record<TariffId, CatalogueTariff> = Object.fromEntries(
  TARIFF_IDS.map((id) => [
    id,
    {
      id,
      name: TARIFFS[id],
      unit: RULES[id].unit,
      // A distribution's own flow kind is the `distributions` feature, named once.
      unlocks: { flowKinds: FLOW_KINDS.filter((kind) => kind !== 'distribution' && FLOW_KIND_TARIFFS[kind].includes(id)), features: [...RULES[id].features] },
      additionalUnitDiscountPercent: ADDITIONAL_UNIT_DISCOUNT[id] ?? 0,
    },
  ]),
) as Record<TariffId, CatalogueTariff>;

/** §9 "Cheaper by N%": the months one can pay for at once. Their discounts come from the price list. */
export const MONTHS = [1, 3, 6, 12] as const;
export type Months = (typeof MONTHS)[number];

/** §5/§9 pack minimums: distribution messages, reviews, and the AI balance top-up in whole US dollars. */
export const PACK_MINIMUMS = { messages: 500, reviews: 100, aiBalance: 20 } as const;
export type PackKind = keyof typeof PACK_MINIMUMS;
export const PACK_KINDS = Object.keys(PACK_MINIMUMS) as PackKind[];
