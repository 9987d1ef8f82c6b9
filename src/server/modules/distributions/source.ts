import type { MessageSource, SourceFacts } from '../../delivery/source.ts';
import { clientFacts, clientsOfBatch } from '../clients/source.ts';
import { distributionTick, settleStatuses } from './planner.ts';
import { recipientsByIds } from './store-recipients.ts';

/**
 * A distribution's messages (docs/distributions.md "Engine"): the subject is the recipient row. Its facts: the
 * recipient's name as `{clientName}` (else the client's), the client's other variables through the clients source's
 * shared load, no §3 filters (the audience was filtered when built), and a withdrawal when the recipient was left out
 * since. Its tick plans the day's allotment (planner.ts).
 */
export const distributionsSource: MessageSource = {
  name: 'distributions',
  subject: 'distributionRecipientId',
  async facts(tx, batch, at) {
    const ids = [...new Set(batch.map((m) => m.distributionRecipientId!))];
    const [clients, rows] = await Promise.all([
      clientsOfBatch(tx, at),
      recipientsByIds(tx, ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return new Map(
      batch.map((m): [number, SourceFacts] => {
        const r = byId.get(m.distributionRecipientId!);
        const client = m.clientId === null ? undefined : clients.get(m.clientId);
        const base = clientFacts(client, at.now);
        // A test run only borrows the first recipient's variables: it is never withdrawn for that recipient.
        const test = m.idempotencyKey.includes(':test:');
        const withdrawn = test ? undefined : !r ? 'recipient removed' : r.state === 'skipped' ? 'recipient left out' : undefined;
        return [m.id, { withdrawn: () => withdrawn, passes: () => true, variables: { ...base.variables, clientName: r?.name || client?.name || '' } }];
      }),
    );
  },
  tick: distributionTick,
  settle: settleStatuses,
};
