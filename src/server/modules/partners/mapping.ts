import type { components } from '../../../api/schema.d.ts';
import { unixSeconds } from '../../platform/db/rows.ts';
import type { ReferralLinkRow, RewardRow } from './store.ts';

type Schemas = components['schemas'];

/** The registration page with the code (and the link): the register page reads `ref` and `link`. */
export const registerUrl = (origin: string, code: string, linkId?: number) =>
  `${origin}/account/register?ref=${encodeURIComponent(code)}${linkId === undefined ? '' : `&link=${linkId}`}`;

export const toLink = (origin: string, code: string, link: ReferralLinkRow, registrations: number): Schemas['ReferralLink'] => ({
  id: link.id,
  name: link.name,
  url: registerUrl(origin, code, link.id),
  registrations,
  transitions: link.transitions,
  createdDateUnixTime: unixSeconds(link.createdAt),
});

/** A friend is shown as `a***@example.com`: enough to recognise, not a contact list to harvest. */
export function maskEmail(email: string | undefined): string {
  if (!email) return '—';
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

export const toReward = (r: RewardRow, email: string | undefined): Schemas['ReferralReward'] => ({
  id: r.id,
  friendEmail: maskEmail(email),
  amount: r.amount,
  currency: r.currency,
  createdDateUnixTime: unixSeconds(r.createdAt),
});
