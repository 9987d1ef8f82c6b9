// WhatsApp numbers (/accounts/whats-app): the list and every call of the connections API the screen makes.
import { atom, type WritableAtom } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';

export type WhatsAppNumber = components['schemas']['WhatsAppNumber'];
export type WhatsAppQr = components['schemas']['WhatsAppQr'];
export type PairingCode = components['schemas']['WhatsAppPairingCode'];
export type QrLink = components['schemas']['WhatsAppQrLink'];
export type ConnectionState = components['schemas']['ConnectionState'];
type Problem = components['schemas']['Problem'];

/** A call's outcome: its data, or the problem (status and code; no code when the call itself failed). */
export type Outcome<T> = { data: T; problem?: undefined } | { data?: undefined; problem: Partial<Problem> };

export interface NumbersState {
  numbers: WhatsAppNumber[];
  /** The account's chatApiInstanceLimit. */
  limit: number;
  loading: boolean;
  failed: boolean;
  /** The server answered 409 gatewayNotConfigured: the screen explains instead of offering actions that cannot work. */
  noGateway: boolean;
}

export const $whatsApp = atom<NumbersState>({ numbers: [], limit: 0, loading: true, failed: false, noGateway: false });

/** How often an open QR panel asks again: WAHA rotates the QR every 20 s, so a 5 s cadence never shows a stale one. */
export const QR_POLL_MS = 5_000;
/** §4: a pairing code is valid 30 seconds. */
export const CODE_SECONDS = 30;
/** §4: the QR may take up to 2 minutes to load. */
export const QR_LOAD_SECONDS = 120;

/** States in which the QR panel keeps asking (the gateway is starting, or a QR waits to be scanned). */
export const isWaiting = (state: ConnectionState) => state === 'loading' || state === 'GotQrCode' || state === 'init';
export const isConnected = (state: ConnectionState) => state === 'Connected' || state === 'Authorized';

/** A call answered 204 without a body: its status says whether it was done. */
export const deleted = (call: Promise<{ error?: unknown; response: Response }>): Promise<Outcome<true>> =>
  outcome(call.then((r) => ({ ...r, data: r.response.ok ? (true as const) : undefined })));

export async function outcome<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call;
    if (data !== undefined && !error) return { data };
    const problem = { ...(error as Partial<Problem> | undefined), status: response.status };
    if (problem.code === 'gatewayNotConfigured') patch({ noGateway: true });
    return { problem };
  } catch {
    return { problem: {} }; // no answer: the network text
  }
}

const patch = (change: Partial<NumbersState>) => $whatsApp.set({ ...$whatsApp.get(), ...change });
const replaceNumber = (row: WhatsAppNumber) => patch({ numbers: $whatsApp.get().numbers.map((n) => (n.id === row.id ? row : n)) });
/** A state read by the QR panel, reflected in the list's badge. */
const setState = (id: number, state: ConnectionState) =>
  patch({ numbers: $whatsApp.get().numbers.map((n) => (n.id === id && n.state !== state ? { ...n, state } : n)) });

export async function loadNumbers(): Promise<void> {
  patch({ loading: true, failed: false });
  const { data } = await outcome(api().GET('/Accounts/WhatsApp'));
  patch(data ? { numbers: data.numbers, limit: data.limit, loading: false } : { loading: false, failed: true });
}

export async function addNumber(name: string): Promise<Outcome<WhatsAppNumber>> {
  const result = await outcome(api().POST('/Accounts/WhatsApp', { body: { name: name.trim() } }));
  if (result.data) patch({ numbers: [...$whatsApp.get().numbers, result.data] });
  return result;
}

/** The current QR (starts the session when needed); the list's badge follows the state read. */
export async function readQr(id: number): Promise<Outcome<WhatsAppQr>> {
  const result = await outcome(api().GET('/Accounts/WhatsApp/{connectionId}/Qr', { params: { path: { connectionId: id } } }));
  if (result.data) setState(id, result.data.state);
  return result;
}

/** Once connected the number has its phone: read it again for the list. */
export async function refreshNumber(id: number): Promise<void> {
  const { data } = await outcome(api().GET('/Accounts/WhatsApp/{connectionId}', { params: { path: { connectionId: id } } }));
  if (data) replaceNumber(data);
}

export const requestCode = (id: number, phone: string) =>
  outcome(api().POST('/Accounts/WhatsApp/{connectionId}/PairingCode', { params: { path: { connectionId: id } }, body: { phone: phone.trim() } }));

export async function logoutNumber(id: number): Promise<Outcome<WhatsAppNumber>> {
  const result = await outcome(api().POST('/Accounts/WhatsApp/{connectionId}/Logout', { params: { path: { connectionId: id } } }));
  if (result.data) replaceNumber(result.data);
  return result;
}

export async function deleteNumber(id: number): Promise<Outcome<true>> {
  const result = await deleted(api().DELETE('/Accounts/WhatsApp/{connectionId}', { params: { path: { connectionId: id } } }));
  if (result.data) patch({ numbers: $whatsApp.get().numbers.filter((n) => n.id !== id) });
  return result;
}

export const createQrLink = (id: number) => outcome(api().POST('/Accounts/WhatsApp/{connectionId}/QrLink', { params: { path: { connectionId: id } } }));

/** Stored digits in the international form people type. */
export const displayPhone = (digits: string | null) => (digits ? `+${digits}` : undefined);

// Telegram bots, Twilio senders and Sigma SMS accounts (/accounts/telegram, /twilio, /sigma): one atom per kind,
// each a list with its loading flags. Secrets come back masked only; the forms never keep them after a save.
export type TelegramBot = components['schemas']['TelegramBot'];
export type TwilioAccount = components['schemas']['TwilioAccount'];
export type SigmaAccount = components['schemas']['SigmaAccount'];

export interface ProviderList<T> {
  items: T[];
  loading: boolean;
  failed: boolean;
}

export const emptyList = <T>(): ProviderList<T> => ({ items: [], loading: true, failed: false });
export const $telegram = atom<ProviderList<TelegramBot>>(emptyList());
export const $twilio = atom<ProviderList<TwilioAccount>>(emptyList());
export const $sigma = atom<ProviderList<SigmaAccount>>(emptyList());

type ListAtom<T> = WritableAtom<ProviderList<T>>;
type Row = { id: number };

export async function loadList<T>(list: ListAtom<T>, call: () => Promise<Outcome<T[]>>): Promise<void> {
  list.set({ ...list.get(), loading: true, failed: false });
  const { data } = await call();
  list.set(data ? { items: data, loading: false, failed: false } : { ...list.get(), loading: false, failed: true });
}

/** Adds a saved row to the list (at the end: the server lists oldest first) or puts a changed one in its place. */
function keep<T extends Row>(list: ListAtom<T>, row: T) {
  const items = list.get().items;
  list.set({ ...list.get(), items: items.some((r) => r.id === row.id) ? items.map((r) => (r.id === row.id ? row : r)) : [...items, row] });
}

export async function removeFrom<T extends Row>(list: ListAtom<T>, id: number, call: Promise<{ error?: unknown; response: Response }>): Promise<Outcome<true>> {
  const result = await deleted(call);
  if (result.data) list.set({ ...list.get(), items: list.get().items.filter((r) => r.id !== id) });
  return result;
}

export async function saved<T extends Row>(list: ListAtom<T>, call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Outcome<T>> {
  const result = await outcome(call);
  if (result.data) keep(list, result.data);
  return result;
}

export const path = (id: number) => ({ params: { path: { connectionId: id } } });

export const loadTelegramBots = () => loadList($telegram, async () => {
  const { data, problem } = await outcome(api().GET('/Accounts/Telegram'));
  return data ? { data: data.bots } : { problem: problem! };
});
export const addTelegramBot = (token: string) => saved($telegram, api().POST('/Accounts/Telegram', { body: { token: token.trim() } }));
/** The 6-digit code the bot sent after /start; a right one turns the bot Connected. */
export const confirmTelegramBot = (id: number, code: string) =>
  saved($telegram, api().POST('/Accounts/Telegram/{connectionId}/Confirm', { ...path(id), body: { code: code.replace(/\s+/g, '') } }));
/** Read again after the owner sent /start (whether the code went out, or why not). */
export const refreshTelegramBot = (id: number) => saved($telegram, api().GET('/Accounts/Telegram/{connectionId}', path(id)));
export const deleteTelegramBot = (id: number) => removeFrom($telegram, id, api().DELETE('/Accounts/Telegram/{connectionId}', path(id)));

export interface TwilioInput {
  name: string;
  accountSid: string;
  authToken: string;
  phone: string;
  channel: 'sms' | 'whatsapp';
}

/** The sender as Twilio takes it: `+E.164` for SMS, `whatsapp:+E.164` for WhatsApp (the channel picks the prefix). */
export const twilioSender = (phone: string, channel: TwilioInput['channel']) => {
  const bare = phone.trim().replace(/^whatsapp:/i, '');
  return channel === 'whatsapp' ? `whatsapp:${bare}` : bare;
};

export const loadTwilioAccounts = () => loadList($twilio, async () => {
  const { data, problem } = await outcome(api().GET('/Accounts/Twilio'));
  return data ? { data: data.accounts } : { problem: problem! };
});
export const addTwilioAccount = (input: TwilioInput) =>
  saved($twilio, api().POST('/Accounts/Twilio', {
    body: { accountSid: input.accountSid.trim(), authToken: input.authToken.trim(), phone: twilioSender(input.phone, input.channel), ...(input.name.trim() ? { name: input.name.trim() } : {}) },
  }));
export const deleteTwilioAccount = (id: number) => removeFrom($twilio, id, api().DELETE('/Accounts/Twilio/{connectionId}', path(id)));

export const loadSigmaAccounts = () => loadList($sigma, async () => {
  const { data, problem } = await outcome(api().GET('/Accounts/Sigma'));
  return data ? { data: data.accounts } : { problem: problem! };
});
export const addSigmaAccount = (input: { login: string; password: string; sender: string }) =>
  saved($sigma, api().POST('/Accounts/Sigma', { body: { login: input.login.trim(), password: input.password, sender: input.sender.trim() } }));
export const deleteSigmaAccount = (id: number) => removeFrom($sigma, id, api().DELETE('/Accounts/Sigma/{connectionId}', path(id)));
