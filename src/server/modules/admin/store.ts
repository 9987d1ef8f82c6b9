import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { dialogueGrants, managers, news, payDestinations, userContacts } from './schema.ts';

// The admin module's store: the only code that touches managers, pay destinations, news, admin contacts and
// dialogue grants (payments and promocodes: store-payments.ts). Cross-domain reports live in queries-*.ts.

export type NewsRow = typeof news.$inferSelect;
export type ContactRow = typeof userContacts.$inferSelect;
export type ContactChanges = Partial<typeof userContacts.$inferInsert>;

/** Lead managers and pay destinations a fresh database starts with (idempotent: only into empty tables). */
export async function ensureReferenceData(db: Tx): Promise<void> {
  const [{ n: managerCount }] = (await db.select({ n: count() }).from(managers)) as [{ n: number }];
  if (managerCount === 0) {
    await db.insert(managers).values([
      { name: 'Anna Petrova', isFired: false },
      { name: 'Ivan Smirnov', isFired: false },
      { name: 'Olga Former', isFired: true },
    ]);
  }
  const [{ n: destinationCount }] = (await db.select({ n: count() }).from(payDestinations)) as [{ n: number }];
  if (destinationCount === 0) {
    await db.insert(payDestinations).values([{ name: 'Bank transfer [FM]' }, { name: 'Card [FM]' }, { name: 'Legacy cash desk' }]);
  }
}

export const listManagers = (db: Tx) => db.select().from(managers).orderBy(managers.id);
export const listPayDestinations = (db: Tx) => db.select().from(payDestinations).orderBy(payDestinations.id);

export async function managerExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: managers.id }).from(managers).where(eq(managers.id, id));
  return row !== undefined;
}

export async function payDestinationExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: payDestinations.id }).from(payDestinations).where(eq(payDestinations.id, id));
  return row !== undefined;
}

// News: service notifications, newest first.

export async function newsPage(db: Tx, page: number, pageSize: number): Promise<{ total: number; rows: NewsRow[] }> {
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(news),
    db.select().from(news).orderBy(desc(news.createdAt), desc(news.id)).limit(pageSize).offset((page - 1) * pageSize),
  ]);
  return { total: Number(totalRow?.n ?? 0), rows };
}

export const latestNews = (db: Tx, limit: number) => db.select().from(news).orderBy(desc(news.createdAt), desc(news.id)).limit(limit);

export async function insertNews(db: Tx, values: typeof news.$inferInsert): Promise<NewsRow> {
  const [row] = await db.insert(news).values(values).returning();
  return row!;
}

/** False when there was no such notification. */
export async function deleteNews(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
  return row !== undefined;
}

// Admin contacts (§3): every change is scoped by the owner's user id, so another customer's contact id finds nothing.

const contactOf = (userId: number, contactId: number) => and(eq(userContacts.id, contactId), eq(userContacts.userId, userId));

export const contactsOf = (db: Tx, userId: number) => db.select().from(userContacts).where(eq(userContacts.userId, userId)).orderBy(asc(userContacts.id));

export async function insertContact(db: Tx, values: typeof userContacts.$inferInsert): Promise<ContactRow> {
  const [row] = await db.insert(userContacts).values(values).returning();
  return row!;
}

export async function updateContact(db: Tx, userId: number, contactId: number, changes: ContactChanges): Promise<ContactRow | undefined> {
  const [row] = await db.update(userContacts).set(changes).where(contactOf(userId, contactId)).returning();
  return row;
}

export async function deleteContact(db: Tx, userId: number, contactId: number): Promise<boolean> {
  const [row] = await db.delete(userContacts).where(contactOf(userId, contactId)).returning({ id: userContacts.id });
  return row !== undefined;
}

// AI dialogue grants.

export async function insertDialogueGrant(db: Tx, values: typeof dialogueGrants.$inferInsert) {
  const [grant] = await db.insert(dialogueGrants).values(values).returning();
  return grant!;
}

/** The user's grants, newest first; `grantedBy` is the granting admin's user id. */
export const dialogueGrantsOf = (db: Tx, userId: number) =>
  db.select().from(dialogueGrants).where(eq(dialogueGrants.userId, userId)).orderBy(desc(dialogueGrants.id));

/** The dialogues granted to the user in total. */
export async function dialoguesGranted(db: Tx, userId: number): Promise<number> {
  const rows = await db.select({ c: dialogueGrants.count }).from(dialogueGrants).where(eq(dialogueGrants.userId, userId));
  return rows.reduce((sum, r) => sum + r.c, 0);
}

/** Account deletion: the user's contacts and dialogue grants go; payments are kept, anonymised (store-payments.ts). */
export async function deleteOwnerData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(userContacts).where(eq(userContacts.userId, userId));
  await tx.delete(dialogueGrants).where(eq(dialogueGrants.userId, userId));
}
