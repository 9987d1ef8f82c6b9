// The registration page's referral: what it reads from its address (`?ref=<code>&link=<id>`), and the readable code
// the server makes for an owner.
import { describe, expect, it } from 'vitest';
import { referralOfAddress } from '../../../src/features/partners/visit.ts';
import { referralCodeCandidate } from '../../../src/server/modules/partners/referral.ts';

describe('referralOfAddress', () => {
  it('reads the code and the link', () => {
    expect(referralOfAddress('?ref=ANNA-7K2Q&link=12')).toEqual({ referralCode: 'ANNA-7K2Q', referralLinkId: 12 });
    expect(referralOfAddress('?utm=x&ref=anna-7k2q')).toEqual({ referralCode: 'anna-7k2q', referralLinkId: null });
  });

  it('drops what cannot be a code or a link id, so the sign-up never fails over it', () => {
    expect(referralOfAddress('')).toEqual({ referralCode: null, referralLinkId: null });
    expect(referralOfAddress('?ref=<script>&link=1')).toEqual({ referralCode: null, referralLinkId: null });
    expect(referralOfAddress(`?ref=${'A'.repeat(33)}`).referralCode).toBeNull();
    for (const link of ['0', '-1', '1.5', 'abc', '2147483648']) expect(referralOfAddress(`?ref=ANNA&link=${link}`).referralLinkId).toBeNull();
  });
});

describe('referralCodeCandidate', () => {
  it('is the email name, a dash and four characters without look-alikes, always a valid promo code', () => {
    expect(referralCodeCandidate('anna.petrova@example.com')).toMatch(/^ANNAPETR-[A-HJKMNP-Z2-9]{4}$/);
    expect(referralCodeCandidate('x@example.com')).toMatch(/^REF-[A-HJKMNP-Z2-9]{4}$/);
    expect(referralCodeCandidate('иван@example.com')).toMatch(/^REF-/);
    for (let i = 0; i < 50; i++) expect(referralCodeCandidate(`o'brien+${i}@example.com`)).toMatch(/^[A-Za-z0-9_-]{3,32}$/);
  });
});
