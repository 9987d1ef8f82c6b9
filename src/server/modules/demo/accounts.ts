import type { SystemLanguage } from '../../../i18n/locales.ts';
import { COUNTRY_IDS } from '../../../shared/countries-table.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../../platform/db/open.ts';
import { addLinkedAccounts } from '../account/store-linked.ts';
import { addConnection } from '../connections/store.ts';
import { insertUserIfAbsent, userByEmail } from '../account/store.ts';
import { regenerateDemo } from './regenerate.ts';
import { DEMO_TEXTS } from './texts.ts';

export const DEMO_PASSWORD = 'demo123';

interface DemoAccount {
  email: string;
  phone: string;
  countryId: number;
  /** The owner's name, in the language (admin screens and the profile show it). */
  fullName: string;
  /** The booking-system company: its id (one per demo), the salon's name, city, UTC offset (all in the language). */
  company: { id: number; name: string; city: string; timezone: number };
}

/**
 * One demo owner per language (docs/home.md "The demo account"): `/demo` signs into the one of the page's language,
 * so its clients, masters, services, flows and messages are in that language. Russian is the original account.
 */
export const DEMO_ACCOUNTS: Record<SystemLanguage, DemoAccount> = {
  ru: { email: 'demo@cabinet.local', phone: '+79990000000', countryId: COUNTRY_IDS.RU!, fullName: 'Ольга Смирнова', company: { id: 100, name: DEMO_TEXTS.ru.salon, city: 'Москва', timezone: 3 } },
  en: { email: 'demo-en@cabinet.local', phone: '+447700900000', countryId: COUNTRY_IDS.GB!, fullName: 'Olivia Bennett', company: { id: 101, name: DEMO_TEXTS.en.salon, city: 'London', timezone: 0 } },
  uk: { email: 'demo-uk@cabinet.local', phone: '+380501000000', countryId: COUNTRY_IDS.UA!, fullName: 'Оксана Коваль', company: { id: 102, name: DEMO_TEXTS.uk.salon, city: 'Київ', timezone: 2 } },
  pt_br: { email: 'demo-pt-br@cabinet.local', phone: '+5511990000000', countryId: COUNTRY_IDS.BR!, fullName: 'Mariana Souza', company: { id: 103, name: DEMO_TEXTS.pt_br.salon, city: 'São Paulo', timezone: -3 } },
};

const DEMO_EMAILS = new Set(Object.values(DEMO_ACCOUNTS).map((a) => a.email));
/** Whether an account is one of the demo owners (they cannot be deleted). */
export const isDemoEmail = (email: string): boolean => DEMO_EMAILS.has(email);

/** Per database, the language's demo once rebuilt in this process (a twin request waits for the same rebuild). */
const rebuilt = new WeakMap<Db, Map<SystemLanguage, Promise<Awaited<ReturnType<typeof userByEmail>>>>>();

/**
 * The language's demo owner, created on first use and its salon rebuilt relative to `nowMs` once per process: the
 * start-up rebuilds only Russian (seed), the others on their first `/demo`, so start-up stays one rebuild long.
 */
export function demoAccount(db: Db, language: SystemLanguage, nowMs: number) {
  const byLanguage = rebuilt.get(db) ?? new Map();
  rebuilt.set(db, byLanguage);
  let pending = byLanguage.get(language);
  if (!pending) {
    pending = build(db, language, nowMs).catch((error: unknown) => {
      byLanguage.delete(language); // the next sign-in tries again
      throw error;
    });
    byLanguage.set(language, pending);
  }
  return pending;
}

async function build(db: Db, language: SystemLanguage, nowMs: number) {
  const demo = (await userByEmail(db, DEMO_ACCOUNTS[language].email)) ?? (await create(db, language, nowMs));
  if (demo) await regenerateDemo(db, demo, nowMs);
  return demo;
}

/** The demo owner and its connections (WhatsApp and a booking-system company), created once. */
async function create(db: Db, language: SystemLanguage, nowMs: number) {
  const account = DEMO_ACCOUNTS[language];
  const demo = await insertUserIfAbsent(db, {
    email: account.email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    phone: account.phone,
    fullName: account.fullName,
    countryId: account.countryId,
    language,
    emailConfirmed: true,
    crms: ['Yclients'],
    availableNotificationsCount: 800,
    createdAt: new Date(nowMs),
  });
  if (!demo) return userByEmail(db, account.email); // a twin start created it meanwhile
  const at = new Date(nowMs);
  const { id, name, city, timezone } = account.company;
  // The demo's WhatsApp number: never reported by a gateway (there is none behind it).
  await addConnection(db, { userId: demo.id, kind: 'whatsapp', name: account.phone, state: null, at });
  await addLinkedAccounts(db, [
    { userId: demo.id, kind: 'yclientsCompany', name, externalId: `yclients:${id}`, data: { accountId: 1, internalCompanyId: id, webhooksCount: 2, activeMastersCount: 4, timezone, city, status: 'Connected' }, createdAt: at },
  ]);
  return demo;
}
