import type { SystemLanguage } from '../../../i18n/locales.ts';
import { runningStatus } from '../../../shared/flows/kinds.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { insertPayment, paymentPeriodsOf } from '../admin/store-payments.ts';
import { insertMasters, insertRecords, insertServices } from '../booking/store.ts';
import { insertClients } from '../clients/store.ts';
import { insertMessageHistory } from '../delivery/store.ts';
import { columnsOf } from '../flows/mapping.ts';
import { insertFlows } from '../flows/store.ts';
import { insertIgnoredRows } from '../phones/store.ts';
import { insertSubscriberRows } from '../phones/subscribers/store.ts';
import { deleteBusinessData } from '../account/business-data.ts';
import { fillVariables } from '../../../shared/flows/variables.ts';
import { buildSalon } from './salon.ts';

const DAY = 86_400_000;

/** The demo's tariff: a paid period around today, added only when none covers the coming week (rows never pile up). */
async function ensureDemoTariff(tx: Tx, userId: number, nowMs: number): Promise<void> {
  const now = Math.floor(nowMs / 1000);
  const periods = await paymentPeriodsOf(tx, userId);
  if (periods.some((p) => p.success && p.tariff === 1 && (p.dateBegin ?? 0) <= now && (p.dateEnd ?? 0) >= now + 7 * 86_400)) return;
  await insertPayment(tx, userId, { tariff: 1, amount: 1200, success: true, dateBegin: now - 20 * 86_400, dateEnd: now + 345 * 86_400, comment: 'demo' }, new Date(nowMs));
}

/**
 * Rebuilds the demo salon relative to `nowMs`, in the demo user's language, in one transaction: its old rows go
 * (`deleteBusinessData`, the account-deletion path, scoped to the demo user), then one bulk insert per
 * table. Nothing of any other user is touched. docs/home.md "The demo account".
 */
export async function regenerateDemo(db: Db, user: { id: number; language: SystemLanguage; phone: string | null }, nowMs: number): Promise<void> {
  const salon = buildSalon(user.language, nowMs, user.phone ?? '+79990000000');
  const userId = user.id;
  await db.transaction(async (tx) => {
    await deleteBusinessData(tx, userId);
    await ensureDemoTariff(tx, userId, nowMs);

    // One after another: a transaction is one connection, which runs one statement at a time.
    const masterIds = await insertMasters(tx, userId, salon.masters);
    const serviceIds = await insertServices(tx, userId, salon.services);
    const clientIds = await insertClients(tx, salon.clients.map((c) => ({ ...c, userId })));
    const recordIds = await insertRecords(
      tx,
      salon.records.map((r) => ({ userId, clientId: clientIds[r.client]!, masterId: masterIds[r.master]!, serviceIds: [serviceIds[r.service]!], startAt: r.startAt, status: r.status, createdAt: r.createdAt, updatedAt: r.createdAt })),
    );
    const flows = await insertFlows(
      tx,
      salon.flows.map((f) => ({
        ...columnsOf(f.fields),
        userId,
        status: f.status === 'Pause' ? 'Pause' : runningStatus(f.fields.type),
        lastStart: f.status === 'Pause' ? null : new Date(nowMs - 30 * DAY),
        createdAt: new Date(nowMs - 31 * DAY),
        editedAt: new Date(nowMs - 31 * DAY),
      })),
    );
    const flowOf = new Map(flows.map((f) => [f.type, f]));
    await insertMessageHistory(
      tx,
      salon.messages.map((m, n) => {
        const flow = flowOf.get(m.kind)!;
        const phone = salon.clients[m.client]!.phone;
        const after = (minutes: number) => new Date(m.at.getTime() + minutes * 60_000);
        const reached = m.status !== 'failed' && m.status !== 'sent';
        return {
          userId,
          flowId: flow.id,
          kind: m.kind,
          recordId: m.record === null ? null : recordIds[m.record]!,
          clientId: clientIds[m.client]!,
          recipient: phone,
          sentTo: phone,
          channel: 'waha' as const,
          text: fillVariables(flow.content, m.vars),
          status: m.status,
          reason: m.status === 'failed' ? 'provider' : null,
          idempotencyKey: `demo:${userId}:${n}`,
          attempts: 1,
          plannedAt: m.at,
          createdAt: m.at,
          sentAt: m.status === 'failed' ? null : m.at,
          deliveredAt: reached ? after(1) : null,
          readAt: m.status === 'read' || m.status === 'replied' ? after(25) : null,
          repliedAt: m.status === 'replied' ? after(40) : null,
          failedAt: m.status === 'failed' ? m.at : null,
        };
      }),
    );
    await insertSubscriberRows(tx, salon.subscribers.map((s) => ({ ...s, userId, channel: 'telegram' as const, chatId: `demo-${s.phone}`, source: 'bot' as const, updatedAt: s.createdAt })));
    await insertIgnoredRows(tx, salon.blacklist.map((b) => ({ ...b, userId, source: 'manual' as const })));
  });
}
