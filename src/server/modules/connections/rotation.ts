import type { ServerConfig } from '../../platform/config.ts';
import { sealerFor } from '../../platform/crypto/sealing.ts';
import type { Db } from '../../platform/db/open.ts';
import { reseal, sealedUnderOtherKeys } from './store-secrets.ts';

/**
 * Key rotation (docs/connections.md "Secrets"): at start, values sealed under an old key (SECRETS_KEYS_OLD) are sealed
 * again under SECRETS_KEY, so the old key can be dropped after one start. A value no key opens is left as it is
 * and counted: its connection fails at use until the owner saves the credentials again.
 */
export async function resealOldSecrets(db: Db, config: ServerConfig): Promise<{ resealed: number; unreadable: number }> {
  const sealer = sealerFor(config.secrets.keys);
  let resealed = 0;
  let unreadable = 0;
  for (const row of await sealedUnderOtherKeys(db, sealer.keyId)) {
    let plain: string;
    try {
      plain = sealer.open(row.sealed, row.kind);
    } catch {
      unreadable++;
      continue;
    }
    await reseal(db, row.connectionId, row.sealed, { value: sealer.seal(plain, row.kind), keyId: sealer.keyId });
    resealed++;
  }
  return { resealed, unreadable };
}
