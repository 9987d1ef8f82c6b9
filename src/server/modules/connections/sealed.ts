import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../platform/config.ts';
import { SealError, sealerFor } from '../../platform/crypto/sealing.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { notFound, type ProblemCode } from '../../platform/http/problem.ts';
import { openCredentials, sealCredentials, type Credentials, type SealedKind } from './credentials.ts';
import { addSealedConnection, sealedConnection, sealedConnectionsOf, type SecretRow } from './store-secrets.ts';
import type { ConnectionRow } from './store.ts';
import type { ConnectionState } from './schema.ts';
import { unixSeconds } from '../../platform/db/rows.ts';


/** The fields every kind's answer shares (the contract's TelegramBot, TwilioAccount, SigmaAccount). */
export const commonFields = (c: ConnectionRow) => ({
  id: c.id,
  state: c.state ?? 'init',
  stateChangedUnixTime: unixSeconds(c.stateChangedAt),
  lastError: c.lastError,
  createdUnixTime: unixSeconds(c.createdAt),
});

/** What stands for credentials no key opens: empty, so nothing can authenticate with them. */
const UNREADABLE: { [K in SealedKind]: Credentials[K] } = {
  telegram: { token: '', webhookSecret: '' },
  twilio: { accountSid: '', authToken: '', from: '' },
  sigma: { login: '', password: '', sender: '' },
  waba: { apiKey: '', webhookSecret: '' },
  yclients: { userToken: '' },
  altegio: { userToken: '' },
  iiko: { apiLogin: '' },
  amo: { subdomain: '', accessToken: '', refreshToken: '', expiresAt: 0 },
  chatwoot: { baseUrl: '', accountId: 0, apiAccessToken: '' },
};

export interface Sealed<K extends SealedKind> {
  connection: ConnectionRow;
  secret: SecretRow;
  credentials: Credentials[K];
}

export type AnySealed = { [K in SealedKind]: Sealed<K> & { kind: K } }[SealedKind];

/** The connections whose credentials are sealed (Telegram, Twilio, Sigma): reads open them, adds seal them. */
export function sealedConnections(db: Tx, config: ServerConfig) {
  const sealer = sealerFor(config.secrets.keys);
  const open = <K extends SealedKind>(kind: K, row: { connection: ConnectionRow; secret: SecretRow }): Sealed<K> => {
    try {
      return { ...row, credentials: openCredentials(sealer, kind, row.secret.sealed) };
    } catch (error) {
      if (!(error instanceof SealError)) throw error;
      // Sealed under a key this server no longer has: shown as an error to save again, never a 5xx; it sends nothing.
      return { ...row, connection: { ...row.connection, state: 'error', lastError: 'credentialsUnreadable' }, credentials: UNREADABLE[kind] };
    }
  };

  /** Credentials sealed under the current key, as connection_secrets keeps them. */
  const seal = <K extends SealedKind>(kind: K, credentials: Credentials[K]) => ({ value: sealCredentials(sealer, kind, credentials), keyId: sealer.keyId });

  return {
    /** The signed-in owner's connection of this kind; another owner's id, or another kind's, is as missing as an unknown one. */
    async own<K extends SealedKind>(req: FastifyRequest, id: number, kind: K, missing: ProblemCode): Promise<Sealed<K>> {
      const row = await sealedConnection(db, id);
      if (!row || row.connection.kind !== kind || row.connection.userId !== requireAuth(req).userId) throw notFound(missing);
      return open(kind, row);
    },
    /** Any owner's connection (webhooks, whose secret proves the caller). */
    async byId<K extends SealedKind>(id: number, kind: K): Promise<Sealed<K> | undefined> {
      const row = await sealedConnection(db, id);
      return row && row.connection.kind === kind ? open(kind, row) : undefined;
    },
    /** Any sealed kind's connection by id, tagged with its kind. */
    async anyById(id: number): Promise<AnySealed | undefined> {
      const row = await sealedConnection(db, id);
      const kind = row?.connection.kind;
      if (!row || (kind !== 'telegram' && kind !== 'twilio' && kind !== 'sigma')) return undefined;
      return { kind, ...open(kind, row) } as AnySealed;
    },
    async list<K extends SealedKind>(userId: number, kind: K): Promise<Sealed<K>[]> {
      return (await sealedConnectionsOf(db, userId, kind)).map((r) => open(kind, r));
    },
    async add<K extends SealedKind>(kind: K, values: { userId: number; name: string; phone?: string | null; session?: string | null; state: ConnectionState; at: Date }, credentials: Credentials[K]): Promise<ConnectionRow> {
      return db.transaction((tx) => addSealedConnection(tx, { ...values, kind }, seal(kind, credentials)));
    },
    seal,
  };
}
