import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { connections, connectionSecrets, type ConnectionState } from './schema.ts';
import type { ConnectionKind, ConnectionRow } from './store.ts';

// Sealed credentials of the Telegram, Twilio, Sigma and WhatsApp Business connections and the Telegram ownership code (the only code
// touching connection_secrets; docs/connections.md "Secrets").

export type SecretRow = typeof connectionSecrets.$inferSelect;

/** A connection and its sealed credentials in one step (the caller's transaction). */
export async function addSealedConnection(
  db: Tx,
  values: { userId: number; kind: ConnectionKind; name: string; phone?: string | null; session?: string | null; state: ConnectionState; at: Date },
  sealed: { value: string; keyId: string },
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(connections)
    .values({ userId: values.userId, kind: values.kind, name: values.name, phone: values.phone ?? null, session: values.session ?? null, state: values.state, stateChangedAt: values.at, createdAt: values.at })
    .returning();
  await db.insert(connectionSecrets).values({ connectionId: row!.id, sealed: sealed.value, keyId: sealed.keyId, updatedAt: values.at });
  return row!;
}

/** The owner's connections of a kind with their secrets, oldest first. */
export async function sealedConnectionsOf(db: Tx, userId: number, kind: ConnectionKind): Promise<{ connection: ConnectionRow; secret: SecretRow }[]> {
  return db
    .select({ connection: connections, secret: connectionSecrets })
    .from(connections)
    .innerJoin(connectionSecrets, eq(connectionSecrets.connectionId, connections.id))
    .where(and(eq(connections.userId, userId), eq(connections.kind, kind)))
    .orderBy(connections.id);
}

/** One connection with its secret, whoever owns it (webhooks: the caller proves it with the secret). */
export async function sealedConnection(db: Tx, id: number): Promise<{ connection: ConnectionRow; secret: SecretRow } | undefined> {
  const [row] = await db
    .select({ connection: connections, secret: connectionSecrets })
    .from(connections)
    .innerJoin(connectionSecrets, eq(connectionSecrets.connectionId, connections.id))
    .where(eq(connections.id, id));
  return row;
}

/** A new Telegram ownership code (its hash), replacing any earlier one; wrong attempts start again. */
export async function setOwnershipCode(db: Tx, id: number, code: { hash: string; expiresAt: Date; chatId: string } | null, at: Date): Promise<void> {
  await db
    .update(connectionSecrets)
    .set({ codeHash: code?.hash ?? null, codeExpiresAt: code?.expiresAt ?? null, ownerChatId: code?.chatId ?? sql`${connectionSecrets.ownerChatId}`, codeAttempts: 0, updatedAt: at })
    .where(eq(connectionSecrets.connectionId, id));
}

/** Counts a wrong code; returns the attempts so far (one statement, so two wrong codes at once both count). */
export async function countWrongCode(db: Tx, id: number): Promise<number> {
  const [row] = await db
    .update(connectionSecrets)
    .set({ codeAttempts: sql`${connectionSecrets.codeAttempts} + 1` })
    .where(eq(connectionSecrets.connectionId, id))
    .returning({ n: connectionSecrets.codeAttempts });
  return row?.n ?? 0;
}

/** Every kind's count of the owner's connections (the admin diagnostics' accounts). */
export async function connectionCountsOf(db: Tx, userId: number): Promise<{ kind: ConnectionKind; n: number }[]> {
  const rows = await db.select({ kind: connections.kind, n: count() }).from(connections).where(eq(connections.userId, userId)).groupBy(connections.kind);
  return rows.map((r) => ({ kind: r.kind, n: Number(r.n) }));
}

/** Sealed values under a key other than `keyId` (rotation), with their kind (the sealing context). */
export async function sealedUnderOtherKeys(db: Tx, keyId: string): Promise<{ connectionId: number; kind: ConnectionKind; sealed: string }[]> {
  return db
    .select({ connectionId: connectionSecrets.connectionId, kind: connections.kind, sealed: connectionSecrets.sealed })
    .from(connectionSecrets)
    .innerJoin(connections, eq(connections.id, connectionSecrets.connectionId))
    .where(ne(connectionSecrets.keyId, keyId));
}

/** Replaces a value sealed under an old key, unless it changed meanwhile. */
export async function reseal(db: Tx, connectionId: number, from: string, to: { value: string; keyId: string }): Promise<void> {
  await db
    .update(connectionSecrets)
    .set({ sealed: to.value, keyId: to.keyId })
    .where(and(eq(connectionSecrets.connectionId, connectionId), eq(connectionSecrets.sealed, from)));
}

/**
 * A connection's credentials sealed again with new values (a WhatsApp Business account's replaced key or new webhook
 * secret), in the caller's transaction; `session` moves with them when given (a new key's hash).
 */
export async function replaceSealed(db: Tx, connectionId: number, sealed: { value: string; keyId: string }, at: Date, session?: string): Promise<void> {
  await db.update(connectionSecrets).set({ sealed: sealed.value, keyId: sealed.keyId, updatedAt: at }).where(eq(connectionSecrets.connectionId, connectionId));
  if (session) await db.update(connections).set({ session }).where(eq(connections.id, connectionId));
}
