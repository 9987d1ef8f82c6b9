import type { Db } from '../../platform/db/open.ts';
import { recordSandboxSend } from '../store-sandbox.ts';
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
      const providerMessageId = await recordSandboxSend(db, { idempotencyKey: message.idempotencyKey, to: message.to, text: message.text, at: now() });
      return { ok: true, providerMessageId };
    },
  };
}
