import type { Channel } from '../../../delivery/channels/channel.ts';
import { sandboxChannel } from '../../../delivery/channels/sandbox.ts';
import { createWahaChannel } from '../../../delivery/channels/waha.ts';
import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import { channelOfConnection } from '../channels.ts';
import { connectionOf } from '../store.ts';
import { claimReplies, settleReply } from './store.ts';

// Staff answers (docs/chatwoot.md "Answers"): sent by the tick through the connection the client wrote to, with the
// idempotency key `chatwoot:<connection>:<message>`; a retryable failure is tried again next tick (at most
// ATTEMPTS), an ambiguous one never (it may have been delivered).

const ATTEMPTS = 5;
const BATCH = 50;

/**
 * The adapter of the connection a conversation came through: an owner's WhatsApp number (its session; a session not
 * working is refused by the gateway and the answer fails with its reason), or a sealed kind.
 */
async function channelFor(db: Db, config: ServerConfig, userId: number, connectionId: number): Promise<Channel | undefined> {
  // DELIVERY_CHANNEL=sandbox (the demo, most tests): nothing real leaves the server, answers included.
  if (config.delivery.channel === 'sandbox') return sandboxChannel(db, config.now);
  const row = await connectionOf(db, userId, connectionId);
  if (!row) return undefined;
  if (row.kind === 'whatsapp') {
    const gateway = config.wahaGateway ?? config.channels.waha;
    return gateway && row.session ? createWahaChannel({ ...gateway, session: row.session }) : undefined;
  }
  return channelOfConnection(db, config, connectionId);
}

export async function sendChatwootReplies(db: Db, config: ServerConfig): Promise<number> {
  let sent = 0;
  for (const r of await claimReplies(db, BATCH)) {
    const step = { sendStarted: false };
    try {
      sent += await sendOne(db, config, r, step);
    } catch (error) {
      // A claimed answer never stays `sending` for ever and the batch goes on: put back when it cannot have left yet,
      // else failed (it may have been delivered: never twice).
      console.error(`chatwoot answer ${r.id} failed: ${(error as Error).message}`);
      const attempts = r.attempts + 1;
      const again = !step.sendStarted && attempts < ATTEMPTS;
      await settleReply(db, r.id, { status: again ? 'queued' : 'failed', attempts, reason: 'internal error', at: new Date(config.now()) }).catch(() => undefined);
    }
  }
  return sent;
}

type Claimed = Awaited<ReturnType<typeof claimReplies>>[number];

async function sendOne(db: Db, config: ServerConfig, r: Claimed, step: { sendStarted: boolean }): Promise<number> {
  const at = new Date(config.now());
  const attempts = r.attempts + 1;
  const channel = r.via !== null ? await channelFor(db, config, r.userId, r.via) : undefined;
  if (!channel) {
    await settleReply(db, r.id, { status: 'failed', attempts, reason: 'no connection to the client', at });
    return 0;
  }
  step.sendStarted = true;
  const result = await channel.send({ idempotencyKey: `chatwoot:${r.connectionId}:${r.chatwootMessageId}`, to: r.phone ?? r.peer, text: r.text });
  if (result.ok) {
    await settleReply(db, r.id, { status: 'sent', attempts, providerMessageId: result.providerMessageId, at });
    return 1;
  }
  const again = result.retryable && !result.ambiguous && attempts < ATTEMPTS;
  await settleReply(db, r.id, { status: again ? 'queued' : 'failed', attempts, reason: result.reason.slice(0, 200), at });
  return 0;
}
