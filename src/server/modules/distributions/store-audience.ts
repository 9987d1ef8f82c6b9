import { is, sql, type SQL } from 'drizzle-orm';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import type { ChannelName } from '../../delivery/channels/channel.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { clientsWhoVisitedSql } from '../booking/store.ts';
import { clientsThroughFiltersSql } from '../clients/store.ts';
import { wroteToOwnerPhonesSql } from '../conversations/store.ts';
import { blacklistedPhonesSql } from '../phones/store.ts';
import { activeSubscribersSql, unsubscribedPhonesSql } from '../phones/subscribers/store.ts';
import type { DistributionRow } from './store-recipients.ts';

// The audience's statements (docs/distributions.md "Audience from the client base", "Preview and estimate"): every
// one set-based, the other modules' tables reached through the SQL pieces their stores give.

/** Reasons the audience build leaves a recipient out; a later build looks at them again. */
export const AUDIENCE_REASONS = ['blacklisted', 'unsubscribed', 'no dialogue'] as const;
/**
 * The channels a distribution's WhatsApp message can leave through (an owner's number, a WhatsApp Business account,
 * Twilio's WhatsApp, and the sandbox that simulates them): an unsubscribe on any of them leaves the number out.
 */
export const WHATSAPP_CHANNELS: readonly ChannelName[] = ['waha', 'waba', 'twilio', 'sandbox'];

const reasonList = sql.join(AUDIENCE_REASONS.map((r) => sql`${r}`), sql`, `);

/**
 * Why a would-be recipient `phone` is left out now, or NULL: the blacklist, then an unsubscribe, then no dialogue.
 * Each test is an uncorrelated `IN (SELECT …)`, which PostgreSQL hashes once per statement (a correlated EXISTS
 * inside CASE ran once per row: 100 000 rows × the owner's conversations).
 */
function exclusionSql(d: DistributionRow, phone: SQL): SQL {
  const noDialogue = d.ignoreNoDialogue ? sql`WHEN ${phone} NOT IN (${wroteToOwnerPhonesSql(d.userId)}) THEN 'no dialogue'` : sql``;
  return sql`CASE WHEN ${phone} IN (${blacklistedPhonesSql(d.userId)}) THEN 'blacklisted'
    WHEN ${phone} IN (${unsubscribedPhonesSql(d.userId, WHATSAPP_CHANNELS)}) THEN 'unsubscribed' ${noDialogue} END`;
}

/** The clients the filters give now (`id, phone, name`), or undefined for a table distribution. */
function clientCandidates(d: DistributionRow, nowMs: number): SQL | undefined {
  if (d.source !== 'clients') return undefined;
  const f = d.filters;
  const base = clientsThroughFiltersSql(d.userId, f, nowMs);
  const visited = clientsWhoVisitedSql(d.userId, f.masters ?? [], f.services ?? []);
  return visited ? sql`SELECT b.* FROM (${base}) b WHERE b.id IN (${visited})` : base;
}

/**
 * Rows the source gives again at each build, so they are dropped first: not messaged, pending or left out by the
 * audience rules, and from the client base or the subscribers (or, for a client-base distribution, any table row).
 */
const rebuiltSql = (d: DistributionRow): SQL =>
  sql`r.message_id IS NULL AND (r.state = 'pending' OR (r.state = 'skipped' AND r.reason IN (${reasonList})))
      AND (r."row" IS NULL OR ${d.source === 'clients'})`;

/**
 * Builds the audience of a combat start (see audience.ts). Returns the recipients the distribution has now.
 * Statements: drop what the source gives again, table rows left out before back to pending, the clients through the
 * filters, the subscribers, the rules' skips, the count.
 */
export async function buildAudienceRows(tx: Tx, d: DistributionRow, nowMs: number): Promise<number> {
  const id = d.flowId;
  await tx.execute(sql`DELETE FROM distribution_recipients r WHERE r.distribution_id = ${id} AND ${rebuiltSql(d)}`);
  await tx.execute(sql`UPDATE distribution_recipients SET state = 'pending', reason = NULL
    WHERE distribution_id = ${id} AND state = 'skipped' AND reason IN (${reasonList}) AND message_id IS NULL`);
  const clients = clientCandidates(d, nowMs);
  // PGlite: a transaction runs alone (one connection), the distribution row is the caller's and the clients come from
  // the INSERT's own SELECT, so the two foreign-key checks per row (most of a 100 000-client INSERT's time there) are
  // skipped for these statements only, as delivery's planner does (modules/delivery/store.ts). PostgreSQL keeps them.
  const fast = is(tx, PgliteTransaction) && (clients || d.useSubscribed);
  if (fast) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  if (clients) {
    await tx.execute(sql`INSERT INTO distribution_recipients (distribution_id, phone, name, client_id)
      SELECT ${id}, c.phone, c.name, c.id FROM (${clients}) c ON CONFLICT (distribution_id, phone) DO NOTHING`);
  }
  if (d.useSubscribed) {
    await tx.execute(sql`INSERT INTO distribution_recipients (distribution_id, phone, name)
      SELECT ${id}, s.phone, s.name FROM (${activeSubscribersSql(d.userId)}) s ON CONFLICT (distribution_id, phone) DO NOTHING`);
  }
  if (fast) await tx.execute(sql`SET LOCAL session_replication_role = origin`);
  await tx.execute(sql`UPDATE distribution_recipients r SET state = 'skipped', reason = x.reason
    FROM (SELECT p.id, ${exclusionSql(d, sql`p.phone`)} AS reason FROM distribution_recipients p
          WHERE p.distribution_id = ${id} AND p.state = 'pending') x
    WHERE r.id = x.id AND x.reason IS NOT NULL`);
  const [row] = await rowsOf<{ n: number | string }>(tx, sql`SELECT count(*) AS n FROM distribution_recipients WHERE distribution_id = ${id}`);
  return Number(row?.n ?? 0);
}

export interface AudienceCounts {
  audience: number;
  blacklisted: number;
  unsubscribed: number;
  noDialogue: number;
  alreadyMessaged: number;
  remaining: number;
}

/**
 * What a build would give now, without writing (one statement): the rows a build keeps, the clients and subscribers
 * it would add (a number once, a kept row first), each remaining one through the audience rules.
 */
export async function audienceCounts(db: Tx, d: DistributionRow, nowMs: number): Promise<AudienceCounts> {
  const id = d.flowId;
  const parts: SQL[] = [
    sql`SELECT r.phone, CASE WHEN r.state = 'skipped' AND r.reason IN (${reasonList}) THEN 'pending' ELSE r.state END AS state, 0 AS rank
        FROM distribution_recipients r WHERE r.distribution_id = ${id} AND NOT (${rebuiltSql(d)})`,
  ];
  const clients = clientCandidates(d, nowMs);
  if (clients) parts.push(sql`SELECT c.phone, 'pending', 1 FROM (${clients}) c`);
  if (d.useSubscribed) parts.push(sql`SELECT s.phone, 'pending', 2 FROM (${activeSubscribersSql(d.userId)}) s`);
  const [row] = await rowsOf<Record<keyof AudienceCounts, number | string>>(
    db,
    sql`WITH a AS (SELECT DISTINCT ON (phone) phone, state FROM (${sql.join(parts, sql` UNION ALL `)}) u ORDER BY phone, rank),
      x AS (SELECT state, CASE WHEN state = 'pending' THEN ${exclusionSql(d, sql`a.phone`)} END AS reason FROM a)
      SELECT count(*) AS audience,
        count(*) FILTER (WHERE reason = 'blacklisted') AS blacklisted,
        count(*) FILTER (WHERE reason = 'unsubscribed') AS unsubscribed,
        count(*) FILTER (WHERE reason = 'no dialogue') AS "noDialogue",
        count(*) FILTER (WHERE state = 'planned') AS "alreadyMessaged",
        count(*) FILTER (WHERE state = 'pending' AND reason IS NULL) AS remaining
      FROM x`,
  );
  const n = (k: keyof AudienceCounts) => Number(row?.[k] ?? 0);
  return { audience: n('audience'), blacklisted: n('blacklisted'), unsubscribed: n('unsubscribed'), noDialogue: n('noDialogue'), alreadyMessaged: n('alreadyMessaged'), remaining: n('remaining') };
}
