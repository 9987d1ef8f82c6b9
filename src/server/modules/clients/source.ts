import { clientCategory } from '../../../shared/flows/filters.ts';
import { inRange, type FactsContext, type MessageSource, type SourceFacts } from '../../delivery/source.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { planBirthdays, planRepeatVisits } from './periodic.ts';
import { clientsByIds, type ClientRow } from './store.ts';

/** The client part of any message's facts: `{clientName}` and the visit-count, spend and client-category filters (§3). */
export function clientFacts(client: ClientRow | undefined, now: number): SourceFacts {
  return {
    withdrawn: () => undefined,
    passes: (filters) =>
      !client ||
      (inRange(client.visitCount, filters.visitCount) &&
        inRange(client.spend, filters.spend) &&
        (!filters.clientCategory.length || filters.clientCategory.includes(clientCategory(client.visitCount, client.lastVisitAt?.getTime() ?? null, now)))),
    variables: { clientName: client?.name ?? '' },
  };
}

/** The clients of the whole claimed batch, by id, in one query shared by every source that asks. */
export function clientsOfBatch(tx: Tx, at: FactsContext): Promise<Map<number, ClientRow>> {
  return at.once('clients', async () => {
    const ids = [...new Set(at.batch.map((m) => m.clientId).filter((id): id is number => id !== null))];
    return new Map(ids.length ? (await clientsByIds(tx, ids)).map((c) => [c.id, c]) : []);
  });
}

/**
 * Messages about a client alone (birthday greetings, repeat-visit reminders), planned by the planner tick. Listed
 * after the sources whose messages are about something of the client's (a record, an order).
 */
export const clientsSource: MessageSource = {
  name: 'clients',
  subject: 'clientId',
  async facts(tx, batch, at) {
    const clients = await clientsOfBatch(tx, at);
    return new Map(batch.map((m) => [m.id, clientFacts(clients.get(m.clientId!), at.now)]));
  },
  periodic: { birthday: planBirthdays, repeatVisit: planRepeatVisits },
};
