// Message sources (docs/delivery.md "Message sources"): which source a claimed message belongs to, which source plans
// each periodic kind, and the booking source's send-time facts.
import { describe, expect, it } from 'vitest';
import { defaultFilters } from '../../../src/shared/flows/types.ts';
import { messageSources, periodicPlanners, sourceOf } from '../../../src/server/delivery/sources.ts';
import type { MessageRow } from '../../../src/server/delivery/source.ts';
import { recordFacts } from '../../../src/server/modules/booking/source.ts';
import type { Record } from '../../../src/server/modules/booking/plan.ts';

const NOW = Date.UTC(2026, 10, 2, 9, 0); // 12:00 in Moscow
const message = (over: Partial<MessageRow>) => ({ recordId: null, orderId: null, clientId: null, distributionRecipientId: null, ...over }) as MessageRow;
const record = (over: Partial<Record> = {}): Record => ({
  id: 1, userId: 1, clientId: 1, masterId: 3, serviceIds: [5, 6], startAt: new Date(NOW), status: 'booked', version: 1, source: 'demo', externalId: null,
  createdAt: new Date(NOW), updatedAt: new Date(NOW), ...over,
});

describe('message sources', () => {
  it('a message belongs to the first source whose subject column it has', () => {
    expect(messageSources.map((s) => s.name)).toEqual(['booking', 'orders', 'distributions', 'clients']);
    expect(sourceOf(message({ recordId: 1, clientId: 2 }))?.name).toBe('booking');
    expect(sourceOf(message({ orderId: 1, clientId: 2 }))?.name).toBe('orders');
    expect(sourceOf(message({ distributionRecipientId: 1, clientId: 2 }))?.name).toBe('distributions');
    expect(sourceOf(message({ clientId: 2 }))?.name).toBe('clients');
    expect(sourceOf(message({}))).toBeUndefined(); // a report: its text is filled at planning
  });

  it('every periodic kind has one planner', () => {
    expect([...periodicPlanners.keys()].sort()).toEqual(['birthday', 'dailyReport', 'recordReminder', 'repeatVisit', 'weeklyReport']);
  });

  it('a record: withdrawn when cancelled (except its cancellation notice), filtered by master name, filled at send time', () => {
    const facts = recordFacts(record(), 'Anna', ['Cut', ''], 'Europe/Moscow');
    expect(facts.withdrawn('recordReminder')).toBeUndefined();
    expect(recordFacts(record({ status: 'cancelled' }), null, [], 'Europe/Moscow').withdrawn('newRecord')).toBe('record cancelled');
    expect(recordFacts(record({ status: 'cancelled' }), null, [], 'Europe/Moscow').withdrawn('cancelledRecord')).toBeUndefined();
    expect(facts.passes({ ...defaultFilters(), masters: ['Anna'] })).toBe(true);
    expect(facts.passes({ ...defaultFilters(), masters: ['Boris'] })).toBe(false);
    expect(facts.variables).toEqual({ recordDate: '02.11.2026', recordTime: '12:00', masterName: 'Anna', serviceTitle: 'Cut' });
  });
});
