import type { Brand, Flag } from './schema.ts';

/** The one flag check used by the generator, the layouts and islands. */
export function isEnabled(brand: Pick<Brand, 'flags'>, flag: Flag): boolean {
  return brand.flags[flag] === true;
}
