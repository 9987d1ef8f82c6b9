// Who a message goes to (docs/delivery.md "Send-time rules" 4) and which failures stop a flow ("Flow statuses").
import { describe, expect, it } from 'vitest';
import { stopReasonOf } from '../../../src/server/delivery/flow-status.ts';
import { copyNumberOf, decideStatic, destination, furtherTestNumbers, testCopyKey, type SendFacts } from '../../../src/server/delivery/rules.ts';

const facts = (mode: 'test' | 'combat', testPhones: string, over: Partial<SendFacts> = {}): SendFacts => ({
  now: Date.UTC(2026, 10, 2, 9, 0),
  timeZone: 'Europe/Moscow',
  ownerPhone: '+79991112233',
  flow: { id: 1, mode, status: 'Working', testPhones, endDate: null, settings: { sendingHours: { from: 0, to: 24 }, filters: {} } } as never,
  subject: undefined,
  recipient: '79161234567',
  kind: 'newRecord',
  ...over,
});

describe('test mode destinations', () => {
  it('the first valid test number, the others as copies; repeats and junk dropped; the owner when none', () => {
    const f = facts('test', '+7 903 555-01-01, junk, +79035550102, +79035550101');
    expect(destination(f)).toBe('79035550101');
    expect(furtherTestNumbers(f, '79035550101')).toEqual(['79035550102']);
    expect(destination(facts('test', ''))).toBe('79991112233');
    expect(furtherTestNumbers(facts('test', ''), '79991112233')).toEqual([]);
    expect(destination(facts('combat', '+79035550101'))).toBe('79161234567');
    expect(furtherTestNumbers(facts('combat', '+79035550101'), '79161234567')).toEqual([]);
  });

  it('a retry keeps its number while listed; a copy goes to its own number, or nowhere once removed or in combat', () => {
    expect(destination(facts('test', '+79035550101, +79035550102', { sentTo: '79035550102' }))).toBe('79035550102');
    expect(destination(facts('test', '+79035550101', { sentTo: '79035550102' }))).toBe('79035550101');
    const key = testCopyKey('new:1:2', '79035550102');
    expect(copyNumberOf(key)).toBe('79035550102');
    expect(copyNumberOf('new:1:2')).toBeUndefined();
    expect(destination(facts('test', '+79035550101, +79035550102', { copyFor: '79035550102' }))).toBe('79035550102');
    expect(furtherTestNumbers(facts('test', '+79035550101, +79035550102', { copyFor: '79035550102' }), '79035550102')).toEqual([]);
    expect(decideStatic(facts('test', '+79035550101', { copyFor: '79035550102' }))).toEqual({ action: 'cancel', reason: 'test number removed' });
    expect(decideStatic(facts('combat', '+79035550102', { copyFor: '79035550102' }))).toEqual({ action: 'cancel', reason: 'test number removed' });
    expect(decideStatic(facts('test', '', { ownerPhone: null }))).toEqual({ action: 'fail', reason: 'no test number' });
  });
});

describe('failures that stop a flow', () => {
  it('the sender’s setup and test mode without a number stop it; one recipient’s failure does not', () => {
    expect(stopReasonOf('session not found')).toBe('senderSessionGone');
    expect(stopReasonOf('session not working (SCAN_QR_CODE)')).toBe('senderSessionDown');
    expect(stopReasonOf('gateway rejected the API key')).toBe('senderRejected');
    expect(stopReasonOf('bot token rejected')).toBe('senderRejected');
    expect(stopReasonOf('no test number')).toBe('noTestNumber');
    for (const reason of ['chat not found', 'invalid recipient', 'bot was blocked by the user', 'rate limited', 'You have reached your message limit']) {
      expect(stopReasonOf(reason)).toBeUndefined();
    }
  });
});
