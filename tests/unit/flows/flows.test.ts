import { describe, expect, it } from 'vitest';
import {
  activeTariffs,
  canPause,
  canResume,
  checkRange,
  checkTestPhones,
  defaultFields,
  FLOW_KINDS,
  FLOW_KIND_TARIFFS,
  HOURLY_KINDS,
  isKindAvailable,
  runningStatus,
  unavailableKinds,
  validateFlow,
  endDateTooSoon,
  type FlowFields,
} from '../../../src/shared/flows/index.ts';
import { zoneOfOffset } from '../../../src/shared/time-zones.ts';

const NOW = 1_800_000_000;
const flow = (over: Partial<FlowFields> = {}): FlowFields => ({ ...defaultFields('recordReminder'), title: 'T', content: 'Hi', ...over });
const fields = (f: FlowFields) => validateFlow(f, NOW).map((e) => e.field);

describe('flow rules (§5)', () => {
  it('a default flow with a title and text is valid', () => {
    expect(validateFlow(flow(), NOW)).toEqual([]);
  });

  it('range filters: FROM < TO or both -1', () => {
    expect(checkRange({ from: -1, to: -1 }, 'r')).toBeUndefined();
    expect(checkRange({ from: 0, to: 1 }, 'r')).toBeUndefined();
    expect(checkRange({ from: 5, to: 5 }, 'r')?.field).toBe('r');
    expect(checkRange({ from: -1, to: 3 }, 'r')?.code).toBe('rangeInvalid');
    expect(checkRange({ from: 3, to: -1 }, 'r')).toBeDefined();
  });

  it('end date on a later calendar date in the business time zone (NOW is 11:00 in Moscow)', () => {
    // 2027-01-15 08:00 UTC: Moscow's day ends at 21:00 UTC, GMT-12's (20:00 on the 14th) at 12:00 UTC.
    expect(fields(flow({ type: 'birthday', endDate: NOW + 13 * 3_600 - 1 }))).toEqual(['endDate']);
    expect(fields(flow({ type: 'birthday', endDate: NOW + 13 * 3_600 }))).toEqual([]);
    expect(validateFlow(flow({ type: 'dailyReport', endDate: NOW + 3_600 }), NOW)[0]?.code).toBe('endDateTooSoon');
    const gmtMinus12 = zoneOfOffset(-12);
    expect(validateFlow(flow({ type: 'birthday', endDate: NOW + 4 * 3_600 - 1 }), NOW, gmtMinus12).map((e) => e.field)).toEqual(['endDate']);
    expect(validateFlow(flow({ type: 'birthday', endDate: NOW + 4 * 3_600 }), NOW, gmtMinus12)).toEqual([]);
    expect(endDateTooSoon('weeklyReport', NOW + 86_400, NOW, zoneOfOffset(3))).toBe(false);
  });

  it('an hourly kind (reminder, booking events) may end one hour ahead', () => {
    for (const type of ['recordReminder', 'newRecord', 'changedRecord', 'cancelledRecord'] as const) {
      expect(validateFlow(flow({ type, endDate: NOW + 3_599 }), NOW).map((e) => e.code)).toEqual(['endDateTooSoonHourly']);
      expect(fields(flow({ type, endDate: NOW + 3_600 }))).toEqual([]);
    }
    expect(HOURLY_KINDS).not.toContain('weeklyReport');
  });

  it('buttons: three at most, one per type, only simple answers enabled', () => {
    const b = (type: 'simpleAnswer' | 'url' | 'call', enabled = false) => ({ type, text: 'x', enabled });
    expect(fields(flow({ buttons: [b('simpleAnswer', true), b('url'), b('call')] }))).toEqual([]);
    expect(fields(flow({ buttons: [b('call', true)] }))).toEqual(['buttons.0.enabled']);
    expect(fields(flow({ buttons: [b('url'), b('url')] }))).toEqual(['buttons.1.type']);
    expect(fields(flow({ buttons: [b('simpleAnswer'), b('url'), b('call'), b('simpleAnswer')] }))).toContain('buttons');
  });

  it('test numbers: comma-separated, each valid, empty allowed', () => {
    expect(checkTestPhones('')).toBeUndefined();
    expect(checkTestPhones('+79161234567, +380501234567')).toBeUndefined();
    expect(checkTestPhones('+79161234567,,+380501234567')?.field).toBe('testPhones');
    expect(checkTestPhones('+79161234567, 123')?.message).toContain('123');
  });

  it('messages name the field', () => {
    const [error] = validateFlow(flow({ sendingHours: { from: 22, to: 8 } }), NOW);
    expect(error!.message.startsWith('sendingHours: ')).toBe(true);
  });
});

describe('tariffs (§6) and statuses (§4)', () => {
  it('a tariff counts only when paid and covering now', () => {
    const p = (tariff: number, dateBegin: number | null, dateEnd: number | null, success = true) => ({ tariff, dateBegin, dateEnd, success });
    const tariffs = activeTariffs([p(0, NOW - 10, NOW + 10), p(1, NOW - 10, NOW - 1), p(16, NOW + 1, NOW + 10), p(10, null, NOW + 1, false), p(5, null, null)], NOW);
    expect([...tariffs]).toEqual([0]);
  });

  it('every kind has a tariff, and the test tariff opens them all', () => {
    for (const kind of FLOW_KINDS) expect(FLOW_KIND_TARIFFS[kind].length).toBeGreaterThan(0);
    expect(unavailableKinds(new Set([2]))).toEqual([]);
    expect(unavailableKinds(new Set())).toEqual([...FLOW_KINDS]);
    expect(isKindAvailable('birthday', new Set([0]))).toBe(false);
    expect(isKindAvailable('weeklyReport', new Set([16]))).toBe(true);
  });

  it('running and stopped states', () => {
    expect(runningStatus('newRecord')).toBe('Working');
    expect(runningStatus('recordReminder')).toBe('Waiting');
    expect(canPause('Waiting') && canPause('Done') && !canPause('Pause')).toBe(true);
    expect(canResume('Error') && canResume('Pause') && !canResume('Working') && !canResume('Unavailable')).toBe(true);
  });
});
