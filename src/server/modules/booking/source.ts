import { matchesCategory } from '../../../shared/flows/filters.ts';
import { combineFacts, inRange, type MessageSource, type SourceFacts } from '../../delivery/source.ts';
import { localClock, localDate, localTime } from '../../delivery/time.ts';
import { clientFacts, clientsOfBatch } from '../clients/source.ts';
import { planReport, sweepReminders } from './periodic.ts';
import type { Record } from './plan.ts';
import { bookedSince, mastersByIds, recordsByIds, servicesByIds } from './store.ts';

/** What a record message shows and is filtered by: the record as it is now, its master's name, its services' titles. */
export function recordFacts(record: Record, masterName: string | null, serviceTitles: string[], timeZone: string): SourceFacts {
  const start = record.startAt.getTime();
  return {
    withdrawn: (kind) => (record.status === 'cancelled' && kind !== 'cancelledRecord' ? 'record cancelled' : undefined),
    passes(filters) {
      if (filters.masters.length && !(filters.masters.includes(String(record.masterId)) || (masterName && filters.masters.includes(masterName)))) return false;
      if (filters.services.length && !record.serviceIds.some((id, i) => filters.services.includes(String(id)) || filters.services.includes(serviceTitles[i] ?? ''))) return false;
      if (filters.statuses.length && !filters.statuses.includes(record.status)) return false;
      // A record has no type (the types filter is the orders' delivery type); categories are words in service titles.
      if (!matchesCategory(filters.categories, serviceTitles)) return false;
      return inRange(localTime(start, timeZone).hour, filters.time);
    },
    variables: {
      recordDate: localDate(start, timeZone),
      recordTime: localClock(start, timeZone),
      masterName: masterName ?? undefined,
      serviceTitle: serviceTitles.filter(Boolean).join(', ') || undefined,
    },
  };
}

const distinct = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

/** Booking records: the visit events plan reminders and notices (plan.ts); the tick sweeps reminders and reports. */
export const bookingSource: MessageSource = {
  name: 'booking',
  subject: 'recordId',
  async facts(tx, batch, at) {
    const records = await recordsByIds(tx, distinct(batch.map((m) => m.recordId)));
    const clients = await clientsOfBatch(tx, at);
    const masters = await mastersByIds(tx, distinct([...records.values()].map((r) => r.masterId)));
    const services = await servicesByIds(tx, distinct([...records.values()].flatMap((r) => r.serviceIds)));
    return new Map(
      batch.map((m) => {
        const client = clientFacts(m.clientId === null ? undefined : clients.get(m.clientId), at.now);
        const record = records.get(m.recordId!);
        if (!record) return [m.id, client];
        const masterName = record.masterId ? (masters.get(record.masterId)?.name ?? null) : null;
        const titles = record.serviceIds.map((id) => services.get(id)?.title ?? '');
        return [m.id, combineFacts(recordFacts(record, masterName, titles, at.timeZoneOf(m.userId)), client)];
      }),
    );
  },
  periodic: { recordReminder: sweepReminders, dailyReport: planReport, weeklyReport: planReport },
  laterActivity: bookedSince,
};
