import { describe, expect, it } from 'vitest';
import { createT } from '../../../src/i18n/translate.ts';
import en from '../../../src/features/delivery/messages/en.json' with { type: 'json' };
import ui from '../../../src/i18n/messages/en/ui.json' with { type: 'json' };
import { allowanceText, filtersFrom, queryOf, reasonText, windowFrom } from '../../../src/features/delivery/store.ts';
import { ALLOWANCE_LOW, ALLOWANCE_REACHED } from '../../../src/server/delivery/rules.ts';

const t = createT('en', { ...en, ui });

describe('message log filters in the URL', () => {
  it('round-trips the filters and leaves defaults out', () => {
    const f = filtersFrom('?flowId=12&status=failed&channel=sandbox&page=3');
    expect(f).toEqual({ flowId: 12, status: 'failed', channel: 'sandbox', page: 3 });
    expect(queryOf(f)).toBe('?flowId=12&status=failed&channel=sandbox&page=3');
    expect(queryOf({ page: 1 })).toBe('');
  });
  it('ignores junk instead of sending it to the server', () => {
    expect(filtersFrom('?flowId=abc&status=lost&channel=sms&page=-2')).toEqual({ flowId: undefined, status: undefined, channel: undefined, page: 1 });
    expect(windowFrom('?days=21')).toBe(21);
    expect(windowFrom('?days=10')).toBe(7);
  });
});

describe('texts from the engine', () => {
  it('shows the §8 allowance warnings by what is left', () => {
    expect(allowanceText(t, { limit: 800, used: 750, left: 50, warning: ALLOWANCE_LOW })).toBe('You have fewer than 100 messages left');
    expect(allowanceText(t, { limit: 800, used: 800, left: 0, warning: ALLOWANCE_REACHED })).toBe('You have reached your message limit');
    expect(allowanceText(t, { limit: 800, used: 10, left: 790, warning: null })).toBeUndefined();
    expect(allowanceText(t, { limit: null, used: 10, left: null, warning: null })).toBeUndefined();
  });
  it('translates the fixed reasons and words a provider\'s own text as a category', () => {
    expect(reasonText(t, 'record cancelled')).toBe(t('logs.reason.recordCancelled'));
    expect(reasonText(t, 'flow stopped (Pause)')).toBe(t('logs.reason.flowStopped'));
    expect(reasonText(t, ALLOWANCE_REACHED)).toBe(t('logs.reason.limitReached'));
    expect(reasonText(t, 'channel error: 429 Too Many Requests')).toBe(t('logs.reason.retrying'));
    expect(reasonText(t, 'session not working (FAILED)')).toBe(t('logs.reason.senderDown'));
    for (const [reason, key] of [['test number removed', 'testNumberRemoved'], ['owner blocked', 'ownerBlocked'], ['invalid recipient', 'invalidRecipient'], ['bot was blocked by the user', 'botBlocked'], ['rate limited', 'retrying'], ['provider error 502', 'retrying'], ['gateway rejected the API key', 'senderRejected']])
      expect(reasonText(t, reason), reason).toBe(t.dynamic(`logs.reason.${key}`));
    // A provider's own English words never reach the page.
    expect(reasonText(t, 'rejected: Forbidden chat')).toBe(t('logs.reason.provider'));
    expect(reasonText(t, null)).toBeUndefined();
  });
});
