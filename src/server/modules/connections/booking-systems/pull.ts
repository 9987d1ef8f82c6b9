import { checkPhone, normalizePhone } from '../../../../shared/validation/index.ts';
import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import { claimSync, linkedAccountById, mergeLinkedData, setSync } from '../../account/store-linked.ts';
import { upsertExternalMaster, upsertExternalService } from '../../booking/store.ts';
import { upsertClient } from '../../clients/store.ts';
import { setState } from '../store.ts';
import { bookingApi, CLIENTS_PAGE, isOk, textOf, type Answer, type BookingStaff, type BookingSystem } from './api.ts';
import { PULL_STALE_MS, type BookingRight, type CompanyData, type SyncData } from './company.ts';

// The pull of a company's masters, services and clients (docs/booking-systems.md "Pull"): in the background, one per
// company at a time, progress written to the company's `data.sync` after every step.

/** Rights a pull finds out about (the link finds `webhook`): a 403 on staff or services is "settings", on clients "clients". */
const PULL_RIGHTS: BookingRight[] = ['settings', 'clients'];
/** At most this many client pages (200 each) in one pull: a runaway paging cannot run for ever. */
const MAX_PAGES = 1000;

const active = (s: BookingStaff) => !s.fired && !s.hidden;

class Stop extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

export interface PullTarget { companyId: number; userId: number; system: BookingSystem; internalId: number; connectionId: number; userToken?: string }

/** Claims the pull (false: one is running already) and runs it without waiting; the answer is read from `data.sync`. */
export async function startPull(db: Db, config: ServerConfig, t: PullTarget, log: (e: unknown) => void): Promise<boolean> {
  const startedAt = config.now();
  const sync: SyncData = { state: 'running', masters: 0, services: 0, clients: 0, invalidPhones: 0, startedAt, finishedAt: null, error: null };
  if (!(await claimSync(db, t.companyId, sync, startedAt - PULL_STALE_MS))) return false;
  void runPull(db, config, t, sync).catch(async (error: unknown) => {
    log(error);
    await setSync(db, t.companyId, startedAt, { ...sync, state: 'failed', finishedAt: config.now(), error: 'providerUnavailable' }).catch(log);
  });
  return true;
}

async function runPull(db: Db, config: ServerConfig, t: PullTarget, sync: SyncData): Promise<void> {
  const api = bookingApi(config, t.system, t.userToken);
  const startedAt = sync.startedAt!;
  const denied = new Set<BookingRight>();
  const progress = () => setSync(db, t.companyId, startedAt, sync);
  /** The answer's data; a 403 adds `right` and gives undefined; anything else stops the pull with its code. */
  const take = async <T>(answer: Answer<T>, right: BookingRight): Promise<T | undefined> => {
    if (isOk(answer)) return answer.ok;
    if ('down' in answer) throw new Stop('providerUnavailable');
    if (answer.fail === 'denied') return void denied.add(right);
    if (answer.fail === 'rejected') {
      await setState(db, t.connectionId, { state: 'error', lastError: 'bookingTokenRejected' }, new Date(config.now()));
      throw new Stop('bookingTokenRejected');
    }
    if (answer.fail === 'missing') await mergeLinkedData(db, t.companyId, { reach: 'gone' });
    throw new Stop(answer.fail === 'missing' ? 'bookingCompanyNotFound' : 'providerUnavailable');
  };

  try {
    const staff = (await take(await api.staff(t.internalId), 'settings')) ?? [];
    const masters = (Array.isArray(staff) ? staff : []).filter((s) => Number.isInteger(s?.id) && active(s));
    await db.transaction(async (tx) => {
      for (const s of masters) await upsertExternalMaster(tx, t.userId, `${t.system}:${s.id}`, textOf(s.name).slice(0, 200) || undefined, `#${s.id}`);
    });
    sync.masters = masters.length;
    await progress();

    const services = (await take(await api.services(t.internalId), 'settings')) ?? [];
    const valid = (Array.isArray(services) ? services : []).filter((s) => Number.isInteger(s?.id));
    await db.transaction(async (tx) => {
      for (const s of valid) {
        const price = Number(s.price_min ?? s.cost ?? 0);
        await upsertExternalService(tx, t.userId, `${t.system}:${s.id}`, textOf(s.title).slice(0, 200) || undefined, `#${s.id}`, Number.isFinite(price) && price >= 0 ? price : 0);
      }
    });
    sync.services = valid.length;
    await progress();

    for (let page = 1; page <= MAX_PAGES; page++) {
      const clients = await take(await api.clients(t.internalId, page), 'clients');
      if (!Array.isArray(clients)) break;
      await db.transaction(async (tx) => {
        for (const c of clients) {
          const phone = typeof c?.phone === 'string' && !checkPhone(c.phone) ? normalizePhone(c.phone) : undefined;
          if (!phone) {
            sync.invalidPhones = (sync.invalidPhones ?? 0) + 1; // no phone, or not one we can message
            continue;
          }
          await upsertClient(tx, t.userId, { phone: phone.slice(1), name: typeof c.name === 'string' ? c.name.trim().slice(0, 200) : undefined }, config.now());
          sync.clients++;
        }
      });
      await progress();
      if (clients.length < CLIENTS_PAGE) break;
    }
    await finish(db, t, denied, { activeMastersCount: masters.length, reach: 'ok' });
    await setSync(db, t.companyId, startedAt, { ...sync, state: 'done', finishedAt: config.now() });
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    await finish(db, t, denied, {});
    await setSync(db, t.companyId, startedAt, { ...sync, state: 'failed', finishedAt: config.now(), error: error.code });
  }
}

/** The rights this pull found missing replace the earlier pull's; the link's (`webhook`) stay. */
async function finish(db: Db, t: PullTarget, denied: Set<BookingRight>, patch: Partial<CompanyData>): Promise<void> {
  const row = await linkedAccountById(db, t.companyId);
  if (!row) return;
  const kept = ((row.data as CompanyData).deniedRights ?? []).filter((r) => !PULL_RIGHTS.includes(r));
  await mergeLinkedData(db, t.companyId, { ...patch, deniedRights: [...kept, ...denied] });
}
