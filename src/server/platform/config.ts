import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JSONWebKeySet } from 'jose';
import { sealingKeys, KeySettingError, type KeySource } from './crypto/keys.ts';
import { parseCidr } from './http/outbound-fetch.ts';
import { paymentPricesFrom } from './payment-prices.ts';
import type { PriceList } from '../../shared/payments/prices.ts';

/** Everything the reference API reads from its environment, parsed once by loadConfig(). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** node-postgres connection string; PGlite in dataDir when absent. */
  databaseUrl: string | undefined;
  /** PGlite has no autovacuum: the server vacuums and analyses grown tables this often (0 = never). */
  pgliteMaintenanceMs: number;
  /** PGlite runs in a database thread of its own (PGLITE_THREAD, default on; 0 keeps it in the server's thread). */
  pgliteThread: boolean;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  accessTokenTtlSeconds: number;
  /** AUTH_STATE_CACHE_MS: how long a user's state (role, blocked, deleted) is trusted without a read (0 = read every request). */
  authStateCacheMs: number;
  refreshTokenTtlSeconds: number;
  refreshTokenIdleSeconds: number;
  resetCodeTtlSeconds: number;
  confirmCodeTtlSeconds: number;
  googleJwksUrl: string;
  /** Fixed key set instead of fetching googleJwksUrl (offline deployments). */
  googleJwks: JSONWebKeySet | undefined;
  googleClientId: string | undefined;
  /** Per client IP and route, per window. */
  rateLimitAuthMax: number;
  rateLimitCodeMax: number;
  rateLimitWindowMs: number;
  /** Validate every response against the contract (dev/test; off in production for speed). */
  validateResponses: boolean;
  /** Public origin used in mailed links and pay links when the request names no Client-Host. */
  publicOrigin: string;
  seedDemo: boolean;
  /** Staff account ensured at every start (ADMIN_EMAIL / ADMIN_PASSWORD, role super-admin): the first admin. */
  bootstrapAdmin: { email: string; password: string } | undefined;
  logLevel: string;
  /** Tariff and pack prices per currency and the months discounts (PAYMENT_PRICES_FILE; docs/payments.md "Prices"). */
  paymentPrices: PriceList;
  /** Current time in ms. Everything time-dependent (tokens, codes, payments, delivery) reads this clock. */
  now: () => number;
  /** Delivery engine (docs/delivery.md): dispatcher period (0 = not started), batch size, retry and lease limits. */
  delivery: {
    intervalMs: number;
    /** DELIVERY_WORKERS: engine threads on PostgreSQL (each with its own pool); 0 = the loop runs in the server's thread. */
    workers: number;
    batchSize: number;
    maxAttempts: number;
    /** A `sending` message whose sender died is taken over after this long. */
    leaseMs: number;
    /** Messages per business per local day over all flows; 0 = no cap. */
    dailyCap: number;
    /** Where planned messages go; the sandbox records them in the database (default for `npm start` and tests). */
    channel: 'sandbox' | 'waha' | 'telegram';
  };
  /** DISTRIBUTION_DAILY_MAX: the highest per-day cap a distribution may have (§9: 300); 0 = no maximum (docs/distributions.md). */
  distributionDailyMax: number;
  /** WAHA_WEBHOOK_HMAC_KEY: the `hmac.key` of the gateway's webhook; unset = the WAHA status receiver refuses every call. */
  wahaWebhookHmacKey: string | undefined;
  /** The operator's WAHA gateway for the owners' own numbers (WAHA_URL, WAHA_API_KEY; docs/connections.md); unset = none. */
  wahaGateway: WahaOptions | undefined;
  /** The server's Telegram bot (docs/channels.md): subscribe links and the inbound webhook; unset = both off. */
  telegramBot: { token?: string; apiUrl: string; username?: string; webhookSecret?: string };
  /** Settings of the provider adapter DELIVERY_CHANNEL names (docs/channels.md); only that one is read and checked. */
  /**
   * `waha.operatorSession`: WAHA_SESSION when set — the operator's own number, which sends for owners without a
   * WhatsApp number of their own (docs/connections.md "Sending and pacing"); unset, such owners' messages wait.
   */
  channels: { waha?: WahaOptions & { perMinute: number; operatorSession?: string }; telegram?: TelegramOptions };
  /** Keys sealing provider credentials at rest (SECRETS_KEY, SECRETS_KEYS_OLD; docs/connections.md "Secrets"). */
  secrets: { keys: Buffer[]; source: KeySource; file?: string };
  /** Provider API origins of the owners' connections (TWILIO_API_URL, SIGMA_API_URL, DIALOG360_API_URL; test doubles in tests). */
  providers: { twilioApiUrl: string; sigmaApiUrl: string; dialog360ApiUrl: string };
  /**
   * The operator's 360dialog partner account for the connect callback (DIALOG360_PARTNER_ID, DIALOG360_PARTNER_USERNAME,
   * DIALOG360_PARTNER_PASSWORD, DIALOG360_HUB_URL; docs/connections.md "The connect callback"); unset (any of the
   * three) = the callback answers `wabaPartnerNotConfigured`. The password is never logged.
   */
  dialog360Partner?: { partnerId: string; username: string; password: string; hubUrl: string };
  /**
   * The owners' business systems (issue 19; docs/business-systems.md "Settings"): API origins (test doubles in tests)
   * and the operator's partner credentials. YCLIENTS/ALTEGIO_PARTNER_TOKEN unset = connecting that system waits for
   * the operator; AMO_CLIENT_ID/SECRET unset = the amoCRM connect button says so. `amo.apiOrigin` holds `{subdomain}`.
   */
  businessSystems: {
    yclients: { apiUrl: string; partnerToken?: string };
    altegio: { apiUrl: string; partnerToken?: string };
    iikoApiUrl: string;
    amo: { clientId?: string; clientSecret?: string; oauthUrl: string; apiOrigin: string };
  };
  /** OUTBOUND_FETCH_ALLOW: CIDR ranges a user's URL may reach besides public addresses (docs/security.md); none by default. */
  outboundFetch: { allow: string[] };
  /**
   * The operator's payment providers (docs/payment-providers.md "Settings"). A provider whose key settings are unset is
   * "not configured": paying through it waits for the operator. Keys and secrets are never logged.
   */
  payments: PaymentSettings;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed (Fastify's `trustProxy`): addresses or CIDR
   * ranges, or the number of proxy hops in front. Unset = none: `request.ip` is the socket's peer, which behind a
   * proxy is the proxy itself (YooKassa's source check and per-address rate limits then see only the proxy).
   */
  trustProxy: string[] | number | undefined;
}

/** YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY, YOOKASSA_API_URL, YOOKASSA_NOTIFY_SOURCES; STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL. */
export interface PaymentSettings {
  yookassa: { shopId?: string; secretKey?: string; apiUrl: string; notifySources: string[] };
  stripe: { secretKey?: string; webhookSecret?: string; apiUrl: string };
}

/** The addresses YooKassa sends notifications from (yookassa.ru/developers/using-api/webhooks, "IP authentication"). */
export const YOOKASSA_NOTIFY_SOURCES = ['185.71.76.0/27', '185.71.77.0/27', '77.75.153.0/25', '77.75.156.11', '77.75.156.35', '77.75.154.128/25', '2a02:5180::/32'];

/** WAHA gateway (docs/channels.md): WAHA_URL (required to enable), WAHA_API_KEY, WAHA_SESSION, WAHA_TIMEOUT_MS. */
export interface WahaOptions {
  /** Gateway origin, e.g. http://127.0.0.1:3000 (no trailing /api). */
  baseUrl: string;
  /** WAHA_API_KEY of the gateway; sent as X-Api-Key. */
  apiKey?: string;
  /** Session (linked WhatsApp number) to send from; WAHA Core knows only "default". */
  session: string;
  timeoutMs?: number;
}

/** Telegram Bot API (docs/channels.md): TELEGRAM_BOT_TOKEN (required to enable), TELEGRAM_API_URL, TELEGRAM_TIMEOUT_MS. */
export interface TelegramOptions {
  token: string;
  /** https://api.telegram.org, or a local Bot API server / test double. */
  apiUrl?: string;
  timeoutMs?: number;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer >= ${min} (got "${raw}")`);
  return value;
}

/** Duration in seconds; accepts plain seconds or a suffix s/m/h/d (e.g. 30d). */
function duration(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  if (!match) throw new ConfigError(`${name} must be seconds or a duration like 30d, 12h, 15m (got "${raw}")`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

/** JWT_SECRET, or a random one generated once and kept in the data dir so tokens survive restarts. */
function jwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return env.JWT_SECRET;
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A positive number setting of a provider adapter. */
function positive(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a positive number (got "${raw}")`);
  return value;
}

export function wahaOptionsFromEnv(env: Env = process.env): WahaOptions | undefined {
  if (!env.WAHA_URL) return undefined;
  return { baseUrl: env.WAHA_URL, apiKey: env.WAHA_API_KEY || undefined, session: env.WAHA_SESSION || 'default', timeoutMs: positive(env, 'WAHA_TIMEOUT_MS', 15_000) };
}

export function telegramOptionsFromEnv(env: Env = process.env): TelegramOptions | undefined {
  if (!env.TELEGRAM_BOT_TOKEN) return undefined;
  return { token: env.TELEGRAM_BOT_TOKEN, apiUrl: env.TELEGRAM_API_URL || undefined, timeoutMs: positive(env, 'TELEGRAM_TIMEOUT_MS', 15_000) };
}

export const missingChannelSetting = (channel: 'waha' | 'telegram') =>
  channel === 'waha'
    ? 'DELIVERY_CHANNEL=waha needs WAHA_URL (the gateway origin, e.g. http://127.0.0.1:3000)'
    : 'DELIVERY_CHANNEL=telegram needs TELEGRAM_BOT_TOKEN (the bot token from @BotFather)';

/**
 * The settings of the adapter DELIVERY_CHANNEL names; a missing or bad one stops the start naming the setting,
 * instead of failing every send. The other adapters' settings are not read.
 */
function channelSettings(env: Env, channel: ServerConfig['delivery']['channel']): ServerConfig['channels'] {
  if (channel === 'waha') {
    const options = wahaOptionsFromEnv(env);
    if (!options) throw new ConfigError(missingChannelSetting('waha'));
    checkUrl('WAHA_URL', options.baseUrl);
    return { waha: { ...options, perMinute: positive(env, 'WAHA_PER_MINUTE', 20), operatorSession: env.WAHA_SESSION || undefined } };
  }
  if (channel === 'telegram') {
    const options = telegramOptionsFromEnv(env);
    if (!options) throw new ConfigError(missingChannelSetting('telegram'));
    if (options.apiUrl) checkUrl('TELEGRAM_API_URL', options.apiUrl);
    return { telegram: options };
  }
  return {};
}

function wahaGateway(env: Env): WahaOptions | undefined {
  const options = wahaOptionsFromEnv(env);
  if (options) checkUrl('WAHA_URL', options.baseUrl);
  return options;
}

function checkUrl(name: string, value: string) {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ConfigError(`${name} must be an http(s) URL (got "${value}")`);
}

function channelName(raw: string | undefined): ServerConfig['delivery']['channel'] {
  if (!raw) return 'sandbox';
  if (raw === 'sandbox' || raw === 'waha' || raw === 'telegram') return raw;
  throw new ConfigError(`DELIVERY_CHANNEL must be sandbox, waha or telegram (got "${raw}")`);
}

// Bot API rules: usernames are 5–32 of [A-Za-z0-9_]; setWebhook's secret_token is 1–256 of [A-Za-z0-9_-].
function botUsername(raw: string | undefined): string | undefined {
  const name = raw?.trim().replace(/^@/, '');
  if (!name) return undefined;
  if (!/^\w{5,32}$/.test(name)) throw new ConfigError(`TELEGRAM_BOT_USERNAME must be a bot username like cabinet_bot (got "${raw}")`);
  return name;
}

function webhookSecret(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(raw)) throw new ConfigError('TELEGRAM_WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -');
  return raw;
}

/** Comma-separated CIDR ranges (`10.1.0.0/16, fd00::/8`); a bad one stops the start with its name. */
function cidrList(env: Env, name: string): string[] {
  const ranges = (env[name] ?? '').split(',').map((r) => r.trim()).filter(Boolean);
  const bad = ranges.find((r) => !parseCidr(r));
  if (bad) throw new ConfigError(`${name} must list CIDR ranges such as 10.1.0.0/16 (got "${bad}")`);
  return ranges;
}

/** TRUST_PROXY: a hop count (`1`) or addresses/CIDR ranges; never `true` (anyone could then forge their address). */
function trustProxySetting(env: Env): string[] | number | undefined {
  const value = env.TRUST_PROXY?.trim();
  if (!value) return undefined;
  if (/^\d{1,2}$/.test(value)) return Number(value) || undefined;
  if (/^(true|yes|on)$/i.test(value)) throw new ConfigError('TRUST_PROXY must name the proxies (addresses or CIDR ranges such as 10.0.0.0/8) or their hop count, never "true"');
  return cidrList(env, 'TRUST_PROXY');
}

function secretsSetting(env: Env, dataDir: string): ServerConfig['secrets'] {
  try {
    return sealingKeys(env, dataDir);
  } catch (error) {
    throw error instanceof KeySettingError ? new ConfigError(error.message) : error;
  }
}

function providerUrl(env: Env, name: string, fallback: string): string {
  const value = env[name] || fallback;
  checkUrl(name, value);
  return value.replace(/\/+$/, '');
}

function dialog360Partner(env: Env): ServerConfig['dialog360Partner'] {
  const [partnerId, username, password] = [env.DIALOG360_PARTNER_ID?.trim(), env.DIALOG360_PARTNER_USERNAME?.trim(), env.DIALOG360_PARTNER_PASSWORD];
  if (!partnerId || !username || !password) return undefined;
  return { partnerId, username, password, hubUrl: providerUrl(env, 'DIALOG360_HUB_URL', 'https://hub.360dialog.io/api/v2') };
}

function businessSystemSettings(env: Env): ServerConfig['businessSystems'] {
  const apiOrigin = env.AMO_API_ORIGIN || 'https://{subdomain}.amocrm.ru';
  if (!apiOrigin.includes('{subdomain}')) throw new ConfigError('AMO_API_ORIGIN must contain {subdomain}, e.g. https://{subdomain}.amocrm.ru');
  checkUrl('AMO_API_ORIGIN', apiOrigin.replace('{subdomain}', 'x'));
  return {
    yclients: { apiUrl: providerUrl(env, 'YCLIENTS_API_URL', 'https://api.yclients.com'), partnerToken: env.YCLIENTS_PARTNER_TOKEN?.trim() || undefined },
    altegio: { apiUrl: providerUrl(env, 'ALTEGIO_API_URL', 'https://api.alteg.io'), partnerToken: env.ALTEGIO_PARTNER_TOKEN?.trim() || undefined },
    iikoApiUrl: providerUrl(env, 'IIKO_API_URL', 'https://api-ru.iiko.services'),
    amo: {
      clientId: env.AMO_CLIENT_ID?.trim() || undefined,
      clientSecret: env.AMO_CLIENT_SECRET?.trim() || undefined,
      oauthUrl: providerUrl(env, 'AMO_OAUTH_URL', 'https://www.amocrm.ru/oauth'),
      apiOrigin: apiOrigin.replace(/\/+$/, ''),
    },
  };
}

function paymentSettings(env: Env): PaymentSettings {
  const sources = cidrList(env, 'YOOKASSA_NOTIFY_SOURCES');
  return {
    yookassa: {
      shopId: env.YOOKASSA_SHOP_ID?.trim() || undefined,
      secretKey: env.YOOKASSA_SECRET_KEY?.trim() || undefined,
      apiUrl: providerUrl(env, 'YOOKASSA_API_URL', 'https://api.yookassa.ru'),
      notifySources: sources.length ? sources : YOOKASSA_NOTIFY_SOURCES,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY?.trim() || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
      apiUrl: providerUrl(env, 'STRIPE_API_URL', 'https://api.stripe.com'),
    },
  };
}

function clockOffsetMs(env: Env): number {
  const raw = env.CLOCK_OFFSET?.trim();
  if (!raw) return 0;
  const match = /^(-?)(\d+)\s*(ms|[smhd]?)$/.exec(raw);
  if (!match) throw new ConfigError(`CLOCK_OFFSET must be milliseconds or a duration like -2h, 3d (got "${raw}")`);
  const unit = { '': 1, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[3] as '' | 'ms' | 's' | 'm' | 'h' | 'd'];
  return (match[1] ? -1 : 1) * Number(match[2]) * unit;
}

export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? './.data');
  const production = env.NODE_ENV === 'production';
  let googleJwks: JSONWebKeySet | undefined;
  if (env.GOOGLE_JWKS) {
    try {
      googleJwks = JSON.parse(env.GOOGLE_JWKS) as JSONWebKeySet;
    } catch {
      throw new ConfigError('GOOGLE_JWKS must be a JSON Web Key Set');
    }
  }
  const channel = overrides.delivery?.channel ?? channelName(env.DELIVERY_CHANNEL);
  const config: ServerConfig = {
    port: int(env, 'PORT', 8080),
    pgliteMaintenanceMs: int(env, 'PGLITE_MAINTENANCE_MS', 600_000),
    pgliteThread: bool(env, 'PGLITE_THREAD', true),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: overrides.jwtSecret ?? jwtSecret(env, dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Cabinet <no-reply@cabinet.local>',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@cabinet.local',
    accessTokenTtlSeconds: duration(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    authStateCacheMs: int(env, 'AUTH_STATE_CACHE_MS', 5000),
    refreshTokenTtlSeconds: duration(env, 'REFRESH_TOKEN_TTL', 30 * 86400),
    refreshTokenIdleSeconds: duration(env, 'REFRESH_TOKEN_IDLE', 7 * 86400),
    resetCodeTtlSeconds: duration(env, 'RESET_CODE_TTL', 3600),
    confirmCodeTtlSeconds: duration(env, 'CONFIRM_CODE_TTL', 3 * 86400),
    googleJwksUrl: env.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
    googleJwks,
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    rateLimitAuthMax: int(env, 'RATE_LIMIT_AUTH_MAX', 20, 1),
    rateLimitCodeMax: int(env, 'RATE_LIMIT_CODE_MAX', 10, 1),
    rateLimitWindowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1),
    validateResponses: bool(env, 'VALIDATE_RESPONSES', !production),
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT ?? 8080}`,
    seedDemo: bool(env, 'SEED_DEMO', true),
    bootstrapAdmin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD } : undefined,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    paymentPrices: overrides.paymentPrices ?? paymentPricesFrom(env.PAYMENT_PRICES_FILE || undefined, (message) => new ConfigError(message)),
    // CLOCK_OFFSET shifts the whole server's clock (ms or a duration like 3d): demos and drills of planned sends.
    now: clockOffsetMs(env) === 0 ? Date.now : () => Date.now() + clockOffsetMs(env),
    delivery: {
      intervalMs: int(env, 'DELIVERY_INTERVAL_MS', 1000),
      workers: int(env, 'DELIVERY_WORKERS', 1),
      batchSize: int(env, 'DELIVERY_BATCH_SIZE', 20, 1),
      maxAttempts: int(env, 'DELIVERY_MAX_ATTEMPTS', 5, 1),
      leaseMs: int(env, 'DELIVERY_LEASE_MS', 60_000, 1),
      dailyCap: int(env, 'DELIVERY_DAILY_CAP', 0),
      channel,
    },
    distributionDailyMax: int(env, 'DISTRIBUTION_DAILY_MAX', 300),
    wahaWebhookHmacKey: env.WAHA_WEBHOOK_HMAC_KEY || undefined,
    wahaGateway: wahaGateway(env),
    telegramBot: {
      token: env.TELEGRAM_BOT_TOKEN || undefined,
      apiUrl: env.TELEGRAM_API_URL || 'https://api.telegram.org',
      username: botUsername(env.TELEGRAM_BOT_USERNAME),
      webhookSecret: webhookSecret(env.TELEGRAM_WEBHOOK_SECRET),
    },
    channels: overrides.channels ?? channelSettings(env, channel),
    outboundFetch: { allow: cidrList(env, 'OUTBOUND_FETCH_ALLOW') },
    secrets: overrides.secrets ?? secretsSetting(env, dataDir),
    providers: {
      twilioApiUrl: providerUrl(env, 'TWILIO_API_URL', 'https://api.twilio.com'),
      sigmaApiUrl: providerUrl(env, 'SIGMA_API_URL', 'https://online.sigmasms.ru'),
      dialog360ApiUrl: providerUrl(env, 'DIALOG360_API_URL', 'https://waba-v2.360dialog.io'),
    },
    dialog360Partner: dialog360Partner(env),
    businessSystems: businessSystemSettings(env),
    payments: paymentSettings(env),
    trustProxy: trustProxySetting(env),
  };
  if (config.refreshTokenIdleSeconds > config.refreshTokenTtlSeconds) {
    throw new ConfigError('REFRESH_TOKEN_IDLE must not exceed REFRESH_TOKEN_TTL');
  }
  return { ...config, ...overrides, dataDir };
}
