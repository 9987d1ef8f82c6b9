// The registration page's one partners call: a visit through a referral link (`?ref=<code>&link=<id>`), reported
// once per browser session, so reloading the form does not count twice. Never in the way of signing up.
import { api } from '../../api/browser.ts';

/** The referral of the page's address, if any: what the sign-up sends and the visit reports. */
export function referralOfAddress(search: string): { referralCode: string | null; referralLinkId: number | null } {
  const params = new URLSearchParams(search);
  const code = params.get('ref')?.trim() ?? '';
  const link = Number(params.get('link'));
  const valid = /^[A-Za-z0-9_-]{3,32}$/.test(code);
  return { referralCode: valid ? code : null, referralLinkId: valid && Number.isInteger(link) && link > 0 && link < 2 ** 31 ? link : null };
}

export async function reportReferralVisit(search: string): Promise<void> {
  const { referralCode, referralLinkId } = referralOfAddress(search);
  if (!referralCode) return;
  const key = `referral-visit:${referralCode.toUpperCase()}:${referralLinkId ?? ''}`;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
  } catch {
    /* storage off: count this visit anyway */
  }
  await api().POST('/Public/Referral/Transition', { body: { code: referralCode, linkId: referralLinkId } }).catch(() => undefined);
}
