/** The codes of the partners domain and their English texts (four locales: src/features/partners/messages/). */
export const partnerProblems = {
  referralLinkNotFound: 'Referral link not found',
  referralLinksLimit: 'At most {{limit}} referral links',
  referralCodeNotFound: 'Referral code not found',
} as const;
