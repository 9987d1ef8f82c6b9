// WhatsApp numbers (/accounts/whats-app): the list and every call of the connections API the screen makes.
import { atom } from 'nanostores';
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
  // 204 has no body: the answer's status says it was deleted.
  const call = api().DELETE('/Accounts/WhatsApp/{connectionId}', { params: { path: { connectionId: id } } });
  const result = await outcome(call.then((r) => ({ ...r, data: r.response.ok ? (true as const) : undefined })));
  if (result.data) patch({ numbers: $whatsApp.get().numbers.filter((n) => n.id !== id) });
  return result;
}

export const createQrLink = (id: number) => outcome(api().POST('/Accounts/WhatsApp/{connectionId}/QrLink', { params: { path: { connectionId: id } } }));

/** Stored digits in the international form people type. */
export const displayPhone = (digits: string | null) => (digits ? `+${digits}` : undefined);
