// The booking systems screen's pure parts (docs/booking-systems.md "Screens"): the marketplace ids read from the
// address, the time zone as UTC±h, the last webhook as relative time, and the pull poll's condition.
import { describe, expect, it } from 'vitest';
import { anyPullRunning, marketplaceParams, utcOffset, type BookingOverview } from '../../../src/features/connections/store-booking-systems.ts';
import { relativeTime } from '../../../src/features/connections/islands/booking-systems/texts.ts';

describe('marketplace ids', () => {
  const sign = 'ab'.repeat(32);
  const signed = `&user_data=eyJhIjoxfQ%3D%3D&user_data_sign=${sign}`;
  it('reads salon_id, application_id and the signed user data as the contract takes them', () => {
    expect(marketplaceParams(`?salon_id=123&application_id=45${signed}`)).toEqual({ applicationId: '45', salonId: 123, userData: 'eyJhIjoxfQ==', userDataSign: sign });
  });
  it.each(['', '?salon_id=123', '?application_id=45', '?salon_id=0&application_id=1', '?salon_id=1.5&application_id=1', '?salon_id=2147483648&application_id=1', '?salon_id=1&application_id=1234567890123', '?salon_id=1&application_id=x1'].map((s) => `${s}${signed}`))(
    'refuses %s',
    (search) => expect(marketplaceParams(search)).toBeUndefined(),
  );
  it.each(['?salon_id=1&application_id=1', `?salon_id=1&application_id=1&user_data_sign=${sign}`, '?salon_id=1&application_id=1&user_data=e30%3D&user_data_sign=AB', `?salon_id=1&application_id=1&user_data=${'a'.repeat(4097)}&user_data_sign=${sign}`])(
    'refuses unsigned or malformed user data: %s',
    (search) => expect(marketplaceParams(search)).toBeUndefined(),
  );
});

describe('time zone', () => {
  it.each([[3, 'UTC+3'], [0, 'UTC+0'], [-5, 'UTC−5'], [5.5, 'UTC+5:30'], [-3.5, 'UTC−3:30'], [null, '—']] as const)('%s → %s', (hours, text) =>
    expect(utcOffset(hours)).toBe(text),
  );
});

describe('last webhook', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);
  it('says how long ago, in the page language', () => {
    expect(relativeTime('en', now / 1000 - 5 * 60, now)).toBe('5 minutes ago');
    expect(relativeTime('en', now / 1000 - 2 * 3600, now)).toBe('2 hours ago');
    expect(relativeTime('en', now / 1000 - 86_400, now)).toBe('yesterday');
    expect(relativeTime('en', now / 1000 - 10, now)).toBe('now');
    expect(relativeTime('ru', now / 1000 - 3 * 86_400, now)).toBe('3 дня назад');
  });
});

describe('pull poll', () => {
  const company = (state: 'never' | 'running' | 'done' | 'failed') => ({ sync: { state } }) as BookingOverview['companies'][number];
  it('runs while any company pulls', () => {
    expect(anyPullRunning(undefined)).toBe(false);
    expect(anyPullRunning({ companies: [company('done'), company('never')] } as BookingOverview)).toBe(false);
    expect(anyPullRunning({ companies: [company('done'), company('running')] } as BookingOverview)).toBe(true);
  });
});

describe('problems in the owner words', async () => {
  const { createT } = await import('../../../src/i18n/translate.ts');
  const { bookingProblem } = await import('../../../src/features/connections/islands/booking-systems/problems.ts');
  const en = (await import('../../../src/features/connections/messages/en.json')).default;
  const t = createT('en', en);
  const ctx = { t, locale: 'en', system: 'yclients' as const, named: { system: 'YCLIENTS' } };
  it('says what to do for the codes the screen can act on', () => {
    expect(bookingProblem(ctx, { status: 400, errors: [{ field: 'companyId', code: 'bookingCompanyUnreachable', message: '' }] })).toBe(t('bookingSystems.linkFailed', ctx.named));
    expect(bookingProblem(ctx, { status: 409, code: 'bookingTokenRejected' })).toBe(t('bookingSystems.tokenRejected', ctx.named));
    expect(bookingProblem(ctx, { status: 409, code: 'companyWithoutAccount' })).toBe(t('bookingSystems.withoutAccount', ctx.named));
  });
  it('falls back to the connections texts, then the network text', () => {
    expect(bookingProblem(ctx, { status: 502, code: 'providerUnavailable' })).toBe(en.server.providerUnavailable);
    expect(bookingProblem(ctx, {})).toBe(en.server.network);
  });
});
