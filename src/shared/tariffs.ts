/** Tariff ids of §3. One source lists 34 types; only 0-25 are named. */
export const TARIFFS = {
  0: 'bookingBase',
  1: 'bookingExtended',
  2: 'test',
  3: 'crm',
  4: 'restaurantBase',
  5: 'restaurantExtended',
  6: 'secondBookingBase',
  7: 'additionalSettings',
  8: 'restaurantAdditionalOrganisations',
  9: 'chatwoot',
  10: 'onlineShopBase',
  11: 'onlineShopExtended',
  12: 'restaurantAdditionalInstance',
  13: 'whatsappDistribution',
  14: 'notificationModule',
  15: 'api',
  16: 'analytics',
  17: 'aiReputation',
  18: 'mapReviews',
  19: 'oneRubleNotifications',
  20: 'aiAssistant',
  21: 'aiSmall',
  22: 'aiMedium',
  23: 'aiLarge',
  24: 'socialNotifications',
  25: 'clinicSystem',
} as const satisfies Record<number, string>;

export type TariffId = keyof typeof TARIFFS;

/** §9: the one-ruble plan's monthly allowance and the warning threshold. */
export const ONE_RUBLE_MONTHLY_MESSAGES = 800;
export const LOW_MESSAGES_WARNING = 100;

/**
 * §9 trial: 3 days from sign-up on the quick-start plan. The spec names the plan by its price only; we give it the
 * extended booking tariff (1), which opens every kind the quick start creates (docs/home.md "The trial").
 */
export const TRIAL_DAYS = 3;
export const TRIAL_TARIFF = 1;
/** The `reason` of the trial's payment row, so screens can tell a trial from a paid period. */
export const TRIAL_REASON = 'trial';
