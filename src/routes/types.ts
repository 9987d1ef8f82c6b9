import type { Flag, RouteVariant } from '../brand/schema.ts';

export type Layout = 'shared' | 'single';
export type Role = 'admin' | 'superadmin';

/** Feature domains (one word per domain, everywhere): each has a screen dispatcher `src/features/<domain>/Screen.astro`. */
export type Domain = 'account' | 'onboarding' | 'flows' | 'phones' | 'delivery' | 'admin' | 'home' | 'connections' | 'payments' | 'partners' | 'distributions';

export interface RouteDef {
  /** Unique name; also the i18n key of the title in the `routes` namespace. */
  name: string;
  /** Path pattern: `:param` segments, `:param?` optional (last only). Case is significant, as in §2. */
  path: string;
  layout: Layout;
  requireAuth: boolean;
  /** Login, register, forgot and reset password: a user who has a token goes Home. */
  guestOnly?: boolean;
  /** Route sets that hold this route; 'all' for every host. */
  variants: readonly RouteVariant[] | 'all';
  /** Host flag the route needs (e.g. promo codes). */
  feature?: Flag;
  role?: Role;
  /** Public widget routes of §2 hide the floating help buttons. */
  hideFloating?: boolean;
  /** Which domain's screen renders the route; routes without one say they are not built yet. */
  domain?: Domain;
  /** §2: the conversion route shows a scroll-to-top button. */
  scrollTop?: boolean;
}

/** A variant that sends one path somewhere else (§2 "Other host variants"). */
export interface RedirectDef {
  from: string;
  to: string;
  variants: readonly RouteVariant[];
}
