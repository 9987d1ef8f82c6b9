import type { FlowKind } from '../../shared/flows/index.ts';
import { bookingSource } from '../modules/booking/source.ts';
import { clientsSource } from '../modules/clients/source.ts';
import { ordersSource } from '../modules/orders/source.ts';
import { distributionsSource } from '../modules/distributions/source.ts';
import type { Tx } from '../platform/db/transactions.ts';
import type { Db } from '../platform/db/open.ts';
import type { ServerConfig } from '../platform/config.ts';
import type { FactsContext, MessageRow, MessageSource, PeriodicPlanner, SourceFacts } from './source.ts';

/**
 * Every source of messages, in one list; the dispatcher and the planner tick loop over it. A new source adds its
 * module's `source.ts` and one line here (docs/delivery.md "Message sources"). A message belongs to the first
 * source whose subject column it has set, so the client-only source comes last.
 */
export const messageSources: readonly MessageSource[] = [bookingSource, ordersSource, distributionsSource, clientsSource];

/** The source of a claimed message; undefined for one about nobody (reports: their text is filled at planning). */
export const sourceOf = (m: MessageRow): MessageSource | undefined => messageSources.find((s) => m[s.subject] !== null);

/** Every source's own step of an engine tick (distributions: audiences and each day's allotment); the messages planned. */
export async function sourceTicks(db: Db, now: number, config: ServerConfig): Promise<number> {
  let planned = 0;
  for (const s of messageSources) {
    if (!s.tick) continue;
    // One source failing never stops the others or dispatch; it runs again next tick.
    planned += await s.tick(db, now, config).catch((error: unknown) => (console.error(`${s.name} tick failed: ${(error as Error).message}`), 0));
  }
  return planned;
}

/** Every source's statuses after dispatch (a distribution whose last messages just left is Done in the same tick). */
export async function sourceSettles(db: Db, now: number): Promise<void> {
  for (const s of messageSources) await s.settle?.(db, now).catch((error: unknown) => console.error(`${s.name} settle failed: ${(error as Error).message}`));
}

/** The planner of each periodic flow kind (the first source that plans it). */
export const periodicPlanners: ReadonlyMap<FlowKind, PeriodicPlanner> = new Map(
  messageSources.flatMap((s) => Object.entries(s.periodic ?? {}) as [FlowKind, PeriodicPlanner][]).reverse(),
);

/** The send-time facts of a claimed batch: grouped by source, each source asked once for its group. */
export async function factsOfBatch(tx: Tx, batch: readonly MessageRow[], ctx: Pick<FactsContext, 'now' | 'timeZoneOf'>): Promise<Map<number, SourceFacts>> {
  const loaded = new Map<string, Promise<unknown>>();
  const at: FactsContext = {
    ...ctx,
    batch,
    once: <T>(key: string, load: () => Promise<T>) => {
      if (!loaded.has(key)) loaded.set(key, load());
      return loaded.get(key) as Promise<T>;
    },
  };
  const groups = new Map<MessageSource, MessageRow[]>();
  for (const m of batch) {
    const source = sourceOf(m);
    if (source) groups.set(source, [...(groups.get(source) ?? []), m]);
  }
  const out = new Map<number, SourceFacts>();
  for (const [source, group] of groups) for (const [id, facts] of await source.facts(tx, group, at)) out.set(id, facts);
  return out;
}
