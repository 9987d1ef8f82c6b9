import type { ServerConfig } from '../../../platform/config.ts';
import { SealError, sealerFor } from '../../../platform/crypto/sealing.ts';
import type { Tx } from '../../../platform/db/transactions.ts';
import { openCredentials } from '../credentials.ts';
import { sealedConnection } from '../store-secrets.ts';

/**
 * What each Twilio connection sends, SMS or WhatsApp: only its sealed sender (`whatsapp:+…`) says, so the router
 * opens it inside its claim's transaction. Credentials no key opens are left out (such a connection sends nothing).
 */
export async function twilioChannelsOf(tx: Tx, config: ServerConfig, ids: readonly number[]): Promise<Map<number, 'sms' | 'whatsapp'>> {
  const sealer = sealerFor(config.secrets.keys);
  const out = new Map<number, 'sms' | 'whatsapp'>();
  for (const id of ids) {
    const row = await sealedConnection(tx, id);
    if (row?.connection.kind !== 'twilio') continue;
    try {
      out.set(id, openCredentials(sealer, 'twilio', row.secret.sealed).from.startsWith('whatsapp:') ? 'whatsapp' : 'sms');
    } catch (error) {
      if (!(error instanceof SealError)) throw error;
    }
  }
  return out;
}
