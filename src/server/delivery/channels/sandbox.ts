import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import { sandboxMessages } from '../schema.ts';
import type { Channel, OutgoingMessage, SendResult } from './channel.ts';

/**
 * The channel of `npm start` and the tests: every message is written to `sandbox_messages` instead of a provider.
 * Like a provider that honours idempotency keys, a repeated key is not sent again: it answers the first send's
 * id and counts the repeat in `sends`, so a crash drill can tell "sent once" from "sent twice".
 */
export function sandboxChannel(db: Db, now: () => number): Channel {
  return {
    name: 'sandbox',
    async send(message: OutgoingMessage): Promise<SendResult> {
      const [row] = await db
        .insert(sandboxMessages)
        .values({ idempotencyKey: message.idempotencyKey, providerMessageId: `sbx-${randomUUID()}`, to: message.to, text: message.text, createdAt: new Date(now()) })
        .onConflictDoUpdate({ target: sandboxMessages.idempotencyKey, set: { sends: sql`${sandboxMessages.sends} + 1` } })
        .returning({ providerMessageId: sandboxMessages.providerMessageId });
      return { ok: true, providerMessageId: row!.providerMessageId };
    },
  };
}
