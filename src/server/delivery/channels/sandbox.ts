import type { Db } from '../../platform/db/open.ts';
import { recordSandboxSends } from '../store-sandbox.ts';
import type { Channel, OutgoingMessage, SendResult } from './channel.ts';

/**
 * The channel of `npm start` and the tests: every message is written to `sandbox_messages` instead of a provider,
 * a batch in one statement. Like a provider that honours idempotency keys, a repeated key is not sent again: it
 * answers the first send's id and counts the repeat in `sends`, so a crash drill can tell "sent once" from "sent twice".
 */
export function sandboxChannel(db: Db, now: () => number): Channel {
  const sendBatch = async (batch: readonly OutgoingMessage[]): Promise<SendResult[]> => {
    const ids = await recordSandboxSends(db, batch, now());
    return batch.map((m) => ({ ok: true, providerMessageId: ids.get(m.idempotencyKey)! }));
  };
  return { name: 'sandbox', sendBatch, send: async (message) => (await sendBatch([message]))[0]! };
}
