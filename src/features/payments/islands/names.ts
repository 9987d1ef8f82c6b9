import type { T } from '../../../i18n/translate.ts';
import { TARIFFS } from '../../../shared/tariffs.ts';

/** A tariff's human name in the page's language (its §3 key under `tariff.`); an unnamed id reads as its number. */
export const tariffName = (t: T, id: number) => {
  const key = TARIFFS[id as keyof typeof TARIFFS];
  return key ? t.dynamic(`tariff.${key}`) : `#${id}`;
};

/** What a tariff unlocks, by human name: its flow kinds, then its features. */
export const unlockNames = (t: T, unlocks: { flowKinds: string[]; features: string[] }) => [
  ...unlocks.flowKinds.map((k) => t.dynamic(`kind.${k}`)),
  ...unlocks.features.map((f) => t.dynamic(`feature.${f}`)),
];
