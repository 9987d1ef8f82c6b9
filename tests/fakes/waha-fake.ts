import { createHmac, randomBytes } from 'node:crypto';
import { imageTypeOf, SlidingWindow, sendJson, startFake, type Faults, type FakeServer } from './http-fake.ts';

/**
 * WAHA (self-hosted WhatsApp HTTP API) double: POST /api/sendText and /api/sendImage with
 * `{ session, chatId: "<digits>@c.us", … }`, the X-Api-Key header (401 when wrong or missing), NestJS error shapes
 * (`{ statusCode, message: [..], error }` for 400, 404 for an unknown session), 422 `{ error, session, status,
 * expected }` when the session is not WORKING, and a per-session send limit answered with 429 and Retry-After
 * (seconds). WAHA itself does not throttle; operators put a limit in front of it (a proxy) to protect the number
 * from bans, and this double plays that limit so the engine's pacing is proven against one.
 * Sessions (issue 17): `POST /api/sessions` (name `[a-zA-Z0-9_-]`, 422 when it exists), `GET|DELETE
 * /api/sessions/{name}`, `POST …/start|stop|logout`, `GET /api/{name}/auth/qr?format=raw` and
 * `POST /api/{name}/auth/request-code` (422 unless SCAN_QR_CODE). Statuses move only along WAHA's transitions
 * (STARTING → SCAN_QR_CODE → WORKING on `scan`, FAILED, STOPPED), each posting `session.status`; the QR rotates.
 */
export interface WahaSent {
  endpoint: 'sendText' | 'sendImage';
  session: string;
  chatId: string;
  text: string;
  /** `data` is the base64 the adapter sent; the double checks it decodes to an image of `mimetype`. */
  file?: { url?: string; data?: string; mimetype?: string; filename?: string };
  at: number;
  id: string;
}

export type WahaSessionStatus = 'WORKING' | 'STARTING' | 'SCAN_QR_CODE' | 'FAILED' | 'STOPPED';

/** A session the double knows: its webhook config (from `POST /api/sessions`), the current QR and the linked number. */
export interface WahaSessionInfo {
  webhooks: { url?: string; events?: string[]; hmac?: { key?: string } }[];
  qr: string;
  qrRotations: number;
  me: string | null;
  codes: { phoneNumber: string; code: string }[];
}

export interface WahaFake extends FakeServer, Faults {
  sent: WahaSent[];
  sessions: Map<string, WahaSessionStatus>;
  /** Per session: config, QR, linked number, pairing codes issued. */
  info: Map<string, WahaSessionInfo>;
  /** Moves a session to a status as the engine would (STARTING → SCAN_QR_CODE → WORKING, or FAILED) and posts `session.status`. */
  setStatus(session: string, status: WahaSessionStatus): Promise<number | undefined>;
  /** The phone scans the QR: SCAN_QR_CODE → WORKING with `me` set; refuses any other status. */
  scan(session: string, phoneDigits?: string): Promise<number | undefined>;
  /** The gateway shows a new QR (WAHA: after 60 s, then every 20 s). */
  rotateQr(session: string): void;
  /** When set, `POST /api/sessions` leaves new sessions STARTING until the test moves them (default: straight to SCAN_QR_CODE). */
  holdStarting: boolean;
  rateLimited: number;
  /** The session's webhook (`config.webhooks[0]` in WAHA): where events go and the `hmac.key` that signs them. */
  webhook?: { url: string; hmacKey?: string };
  /** Posts a `message.ack` for a sent message as WAHA does (ack 2 DEVICE, 3 READ, 4 PLAYED, -1 ERROR); answers the receiver's status. */
  ack(sent: WahaSent, ack: -1 | 0 | 1 | 2 | 3 | 4): Promise<number>;
  /** Posts the client's incoming `message` that quotes a sent one (WhatsApp "reply"). */
  reply(sent: WahaSent, body: string): Promise<number>;
  /** Posts any envelope payload, signed like the others (for events the receiver should ignore). */
  emit(event: string, payload: Record<string, unknown>): Promise<number>;
  /**
   * Issue 17 (sending through the owners' numbers): every send is recorded with its `session` (above); recipients
   * WhatsApp does not know (digits) are refused with 400 naming the number as not registered on WhatsApp;
   * `refuseNext(count, status, message)` answers the next sends with a NestJS error of that status and message
   * (a ban: 403 "…banned…").
   */
  notOnWhatsApp: Set<string>;
  refuseNext(count: number, status: number, message: string): void;
  /** Every request as it arrived (method, path with query, answered status), for tests of what the server called. */
  calls: { method: string; path: string; status: number }[];
}

const ACK_NAMES = { [-1]: 'ERROR', 0: 'PENDING', 1: 'SERVER', 2: 'DEVICE', 3: 'READ', 4: 'PLAYED' } as const;

/**
 * WAHA's webhook sender: body `JSON.stringify({ id, timestamp, event, session, engine, payload })`, headers
 * `X-Webhook-Request-Id`, `X-Webhook-Timestamp` and, with `hmac.key` set, `X-Webhook-Hmac` (hex HMAC-SHA512 of the
 * body) and `X-Webhook-Hmac-Algorithm: sha512`.
 */
async function postEvent(fake: WahaFake, session: string, event: string, payload: Record<string, unknown>): Promise<number> {
  const own = fake.info.get(session)?.webhooks[0];
  const target = fake.webhook ?? (own?.url ? { url: own.url, hmacKey: own.hmac?.key } : undefined);
  if (!target) throw new Error('no webhook configured on the WAHA double');
  const now = Date.now();
  const body = JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, timestamp: now, event, session, engine: 'WEBJS', payload });
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-webhook-request-id': randomBytes(8).toString('hex'), 'x-webhook-timestamp': String(now) };
  if (target.hmacKey) {
    headers['x-webhook-hmac'] = createHmac('sha512', target.hmacKey).update(body).digest('hex');
    headers['x-webhook-hmac-algorithm'] = 'sha512';
  }
  const res = await fetch(target.url, { method: 'POST', headers, body });
  await res.arrayBuffer();
  return res.status;
}

export interface WahaFakeOptions {
  apiKey: string;
  /** Sends allowed per session per second (default 5). */
  perSecond?: number;
}

const CHAT_ID = /^\d{6,15}@c\.us$/;

export async function startWahaFake(options: WahaFakeOptions): Promise<WahaFake> {
  const perSession = new SlidingWindow(options.perSecond ?? 5, 1000);
  let failures = { count: 0, status: 500 };
  let refusals = { count: 0, status: 403, message: '' };
  const fake = {} as WahaFake;
  const server = await startFake(async (req, raw, res) => {
    res.on('finish', () => fake.calls.push({ method: req.method ?? 'GET', path: req.url ?? '', status: res.statusCode }));
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (req.headers['x-api-key'] !== options.apiKey) return sendJson(res, 401, { message: 'Unauthorized', statusCode: 401 });
    if (failures.count > 0) {
      failures.count--;
      return sendJson(res, failures.status, { statusCode: failures.status, message: 'Internal server error' });
    }
    const handled = await sessionRoute(fake, req.method ?? 'GET', req.url ?? '', raw, res);
    if (handled) return;
    const endpoint = /^\/api\/(sendText|sendImage)$/.exec(req.url ?? '')?.[1] as WahaSent['endpoint'] | undefined;
    if (!endpoint || req.method !== 'POST') return sendJson(res, 404, { message: `Cannot ${req.method} ${req.url}`, error: 'Not Found', statusCode: 404 });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return sendJson(res, 400, { message: 'Unexpected token in JSON', error: 'Bad Request', statusCode: 400 });
    }
    const problems = validate(endpoint, body);
    if (problems.length) return sendJson(res, 400, { message: problems, error: 'Bad Request', statusCode: 400 });
    const session = body.session as string;
    const status = fake.sessions.get(session);
    if (!status) return sendJson(res, 404, { message: `We didn't find a session with name '${session}'. Please start it first by using POST /api/sessions/${session}/start request`, error: 'Not Found', statusCode: 404 });
    if (status !== 'WORKING') {
      return sendJson(res, 422, { error: 'Session status is not as expected. Try again later or restart the session', session, status, expected: ['WORKING'] });
    }
    const now = Date.now();
    const wait = perSession.wait(session, now);
    if (wait > 0) {
      fake.rateLimited++;
      return sendJson(res, 429, { statusCode: 429, message: 'Too Many Requests' }, { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) });
    }
    perSession.record(session, now);
    const chatId = body.chatId as string;
    if (refusals.count > 0) {
      refusals.count--;
      return sendJson(res, refusals.status, { statusCode: refusals.status, message: refusals.message, error: ({ 400: 'Bad Request', 403: 'Forbidden' } as Record<number, string>)[refusals.status] ?? 'Error' });
    }
    if (fake.notOnWhatsApp.has(chatId.replace('@c.us', ''))) {
      return sendJson(res, 400, { statusCode: 400, message: [`The number ${chatId} is not registered on WhatsApp`], error: 'Bad Request' });
    }
    const id = `true_${chatId}_${randomBytes(10).toString('hex').toUpperCase()}`;
    const text = String((endpoint === 'sendText' ? body.text : body.caption) ?? '');
    fake.sent.push({ endpoint, session, chatId, text, file: body.file as WahaSent['file'], at: now, id });
    sendJson(res, 201, { id, timestamp: Math.floor(now / 1000), from: `${session}@c.us`, to: chatId, fromMe: true, body: text, hasMedia: endpoint === 'sendImage', ack: 1 });
  });
  return Object.assign(fake, server, {
    sent: [],
    calls: [],
    sessions: new Map<string, WahaSessionStatus>([['default', 'WORKING']]),
    info: new Map<string, WahaSessionInfo>(),
    holdStarting: false,
    setStatus(session: string, status: WahaSessionStatus) {
      return moveTo(fake, session, status);
    },
    scan(session: string, phoneDigits = '79990001122') {
      if (fake.sessions.get(session) !== 'SCAN_QR_CODE') throw new Error(`session ${session} is ${fake.sessions.get(session)}, not SCAN_QR_CODE`);
      fake.info.get(session)!.me = `${phoneDigits}@c.us`;
      return moveTo(fake, session, 'WORKING');
    },
    rotateQr(session: string) {
      const info = fake.info.get(session);
      if (info) [info.qr, info.qrRotations] = [newQr(), info.qrRotations + 1];
    },
    rateLimited: 0,
    delayMs: 0,
    notOnWhatsApp: new Set<string>(),
    refuseNext(count: number, status: number, message: string) {
      refusals = { count, status, message };
    },
    failNext(count: number, status: number) {
      failures = { count, status };
    },
    ack(sent: WahaSent, ack: -1 | 0 | 1 | 2 | 3 | 4) {
      return postEvent(fake, sent.session, 'message.ack', { id: sent.id, from: sent.chatId, to: `${sent.session}@c.us`, participant: null, fromMe: true, ack, ackName: ACK_NAMES[ack] });
    },
    reply(sent: WahaSent, body: string) {
      // An incoming message: its own id is `false_<chat>_<ID>`; `replyTo.id` is the bare id of the quoted message.
      const quoted = sent.id.slice(sent.id.lastIndexOf('_') + 1);
      return postEvent(fake, sent.session, 'message', {
        id: `false_${sent.chatId}_${randomBytes(10).toString('hex').toUpperCase()}`,
        timestamp: Math.floor(Date.now() / 1000),
        from: sent.chatId,
        fromMe: false,
        to: `${sent.session}@c.us`,
        body,
        hasMedia: false,
        ack: 1,
        ackName: 'SERVER',
        replyTo: { id: quoted, participant: `${sent.session}@c.us`, body: sent.text },
      });
    },
    emit(event: string, payload: Record<string, unknown>) {
      return postEvent(fake, 'default', event, payload);
    },
  });
}

// Session names as WAHA accepts them (letters, digits, _ and -); statuses a session can move between.
const SESSION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MOVES: Record<WahaSessionStatus, WahaSessionStatus[]> = {
  STOPPED: ['STARTING'],
  STARTING: ['SCAN_QR_CODE', 'WORKING', 'FAILED', 'STOPPED'],
  SCAN_QR_CODE: ['WORKING', 'FAILED', 'STOPPED', 'SCAN_QR_CODE'],
  WORKING: ['FAILED', 'STOPPED'],
  FAILED: ['STARTING', 'STOPPED'],
};
const newQr = () => `2@${randomBytes(24).toString('base64')},${randomBytes(16).toString('base64')}`;
const notFoundSession = (name: string) => ({ message: `We didn't find a session with name '${name}'. Please start it first by using POST /api/sessions/${name}/start request`, error: 'Not Found', statusCode: 404 });
const sessionView = (fake: WahaFake, name: string) => {
  const me = fake.info.get(name)?.me;
  return { name, status: fake.sessions.get(name), config: { webhooks: fake.info.get(name)?.webhooks ?? [] }, me: me && fake.sessions.get(name) === 'WORKING' ? { id: me, pushName: 'Owner' } : null };
};

/** Status change + the `session.status` event (to the test's webhook, else the session's own config). */
async function moveTo(fake: WahaFake, session: string, status: WahaSessionStatus): Promise<number | undefined> {
  const from = fake.sessions.get(session);
  if (!from) throw new Error(`no session ${session}`);
  if (!MOVES[from].includes(status)) throw new Error(`session ${session}: ${from} → ${status} is not a WAHA transition`);
  fake.sessions.set(session, status);
  if (status === 'SCAN_QR_CODE') fake.rotateQr(session);
  if (status !== 'WORKING' && status !== 'FAILED') fake.info.get(session)!.me = status === 'STOPPED' ? null : fake.info.get(session)!.me;
  const own = fake.info.get(session)?.webhooks[0];
  if (!fake.webhook && !own?.url) return undefined;
  const me = fake.info.get(session)?.me;
  return postEvent(fake, session, 'session.status', { status, ...(status === 'WORKING' && me ? { me: { id: me, pushName: 'Owner' } } : {}) });
}

/** Sessions, QR and pairing-code routes (providers.md D.1); false when the request is not one of them. */
async function sessionRoute(fake: WahaFake, method: string, url: string, raw: string, res: Parameters<typeof sendJson>[0]): Promise<boolean> {
  const path = url.split('?')[0]!;
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const json = (): Record<string, unknown> | undefined => {
    try {
      const v = JSON.parse(raw || '{}');
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
    } catch {
      return undefined;
    }
  };
  let m: RegExpExecArray | null;
  if (path === '/api/sessions' && method === 'POST') {
    const body = json();
    const name = body?.name;
    if (typeof name !== 'string' || !SESSION_NAME.test(name)) return sendJson(res, 400, { message: ['name must match /^[a-zA-Z0-9_-]+$/'], error: 'Bad Request', statusCode: 400 }), true;
    if (fake.sessions.has(name)) return sendJson(res, 422, { statusCode: 422, message: `Session '${name}' already exists. Use PUT to update it.`, error: 'Unprocessable Entity' }), true;
    const webhooks = ((body?.config as { webhooks?: unknown } | undefined)?.webhooks ?? []) as WahaSessionInfo['webhooks'];
    if (!Array.isArray(webhooks)) return sendJson(res, 400, { message: ['config.webhooks must be an array'], error: 'Bad Request', statusCode: 400 }), true;
    fake.info.set(name, { webhooks, qr: newQr(), qrRotations: 0, me: null, codes: [] });
    fake.sessions.set(name, body?.start === false ? 'STOPPED' : 'STARTING');
    if (body?.start !== false && !fake.holdStarting) fake.sessions.set(name, 'SCAN_QR_CODE');
    return sendJson(res, 201, sessionView(fake, name)), true;
  }
  if ((m = /^\/api\/sessions\/([^/]+)$/.exec(path))) {
    const name = decodeURIComponent(m[1]!);
    if (!fake.sessions.has(name)) return sendJson(res, 404, notFoundSession(name)), true;
    if (method === 'GET') return sendJson(res, 200, sessionView(fake, name)), true;
    if (method === 'DELETE') {
      fake.sessions.delete(name);
      fake.info.delete(name);
      return sendJson(res, 200, {}), true;
    }
    return false;
  }
  if ((m = /^\/api\/sessions\/([^/]+)\/(start|stop|logout)$/.exec(path)) && method === 'POST') {
    const name = decodeURIComponent(m[1]!);
    const status = fake.sessions.get(name);
    if (!status) return sendJson(res, 404, notFoundSession(name)), true;
    if (m[2] === 'start') {
      if (status !== 'STOPPED' && status !== 'FAILED') return sendJson(res, 422, { statusCode: 422, message: `Session '${name}' is already started.`, error: 'Unprocessable Entity' }), true;
      fake.sessions.set(name, fake.holdStarting ? 'STARTING' : 'SCAN_QR_CODE');
      fake.rotateQr(name);
    } else {
      // stop keeps the link; logout unlinks the phone and stops the session.
      fake.sessions.set(name, 'STOPPED');
      if (m[2] === 'logout') fake.info.get(name)!.me = null;
    }
    return sendJson(res, 201, sessionView(fake, name)), true;
  }
  if ((m = /^\/api\/([^/]+)\/auth\/(qr|request-code)$/.exec(path))) {
    const name = decodeURIComponent(m[1]!);
    const status = fake.sessions.get(name);
    if (!status) return sendJson(res, 404, notFoundSession(name)), true;
    if (status !== 'SCAN_QR_CODE') return sendJson(res, 422, { error: 'Session status is not as expected. Try again later or restart the session', session: name, status, expected: ['SCAN_QR_CODE'] }), true;
    const info = fake.info.get(name)!;
    if (m[2] === 'qr' && method === 'GET') {
      if (query.get('format') !== 'raw') return sendJson(res, 400, { message: ['the double answers format=raw only'], error: 'Bad Request', statusCode: 400 }), true;
      return sendJson(res, 200, { value: info.qr }), true;
    }
    if (m[2] === 'request-code' && method === 'POST') {
      const phoneNumber = json()?.phoneNumber;
      if (typeof phoneNumber !== 'string' || !/^\d{6,15}$/.test(phoneNumber)) return sendJson(res, 400, { message: ['phoneNumber must be digits of an international number'], error: 'Bad Request', statusCode: 400 }), true;
      const code = `${randomBytes(2).toString('hex').toUpperCase()}-${randomBytes(2).toString('hex').toUpperCase()}`;
      info.codes.push({ phoneNumber, code });
      return sendJson(res, 200, { code }), true;
    }
  }
  return false;
}

/** class-validator style messages, as WAHA's ValidationPipe returns them. */
function validate(endpoint: WahaSent['endpoint'], body: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (typeof body.session !== 'string' || !body.session) out.push('session must be a string');
  if (typeof body.chatId !== 'string' || !CHAT_ID.test(body.chatId)) out.push('chatId must be a phone number with @c.us');
  if (endpoint === 'sendText' && (typeof body.text !== 'string' || !body.text)) out.push('text must be a string');
  if (endpoint === 'sendImage') {
    const file = body.file as { url?: unknown; data?: unknown; mimetype?: unknown } | undefined;
    if (!file || typeof file !== 'object') out.push('file must be an object');
    else {
      if (typeof file.url !== 'string' && typeof file.data !== 'string') out.push('file.url or file.data must be set');
      if (typeof file.mimetype !== 'string' || !file.mimetype.startsWith('image/')) out.push('file.mimetype must be an image type');
      // Stricter than WAHA on purpose: the cabinet must never hand the gateway an address to fetch (issue 14),
      // so a `file.url` is refused and `file.data` must be base64 of an image of the declared type.
      if (file.url !== undefined) out.push('file.url: the cabinet sends the bytes, never an address');
      if (typeof file.data === 'string') {
        const bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(file.data) ? Buffer.from(file.data, 'base64') : Buffer.alloc(0);
        if (imageTypeOf(bytes) !== file.mimetype) out.push('file.data must be base64 of an image of file.mimetype');
      }
    }
    if (body.caption !== undefined && typeof body.caption !== 'string') out.push('caption must be a string');
  }
  return out;
}

/**
 * Issue 17, replies: a client's message to a session (`message`, `fromMe: false`) as WAHA posts it; WEBJS's shape
 * (`id` `false_<chat>_<ID>`, `_data.notifyName`). Posting the same payload again is WAHA's retry of an unanswered event.
 */
export function incomingMessage(fromDigits: string, body: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `false_${fromDigits}@c.us_${randomBytes(10).toString('hex').toUpperCase()}`,
    timestamp: Math.floor(Date.now() / 1000),
    from: `${fromDigits}@c.us`,
    fromMe: false,
    body,
    hasMedia: false,
    ack: 1,
    ackName: 'SERVER',
    _data: { notifyName: 'Anna' },
    ...extra,
  };
}

/** Posts an event of one session, signed like the others (the session's own webhook, or the test's). */
export const emitOn = (fake: WahaFake, session: string, event: string, payload: Record<string, unknown>) => postEvent(fake, session, event, payload);
