import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { loadBrands } from './src/brand/load.ts';
import { ignoredSpecs } from './tests/e2e/coverage.ts';
import { paymentEnv } from './tests/e2e/payment-gateway.ts';
import { AMO_E2E_ENV } from './tests/e2e/amo-gateway.ts';
import { bookingEnv } from './tests/e2e/booking-gateway.ts';
import { E2E_JWT_SECRET, E2E_PORT, E2E_SHORT_TOKEN_PORT, E2E_SIGMA_PORT, E2E_SMTP_PORT, E2E_TELEGRAM_PORT, E2E_TWILIO_PORT, E2E_WABA_PORT, E2E_WAHA_API_KEY, E2E_WAHA_HMAC_KEY, E2E_WAHA_PORT, GOOGLE_CLIENT_ID } from './tests/e2e/ports.ts';

/**
 * Browser tests on the built output, one project per brand, through the local gateway with the real API.
 * Playwright cannot download browsers here: Debian's chromium is used when present (CHROMIUM_PATH overrides),
 * otherwise Playwright's own browser (a developer machine that has one).
 */
const chromium = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => p && existsSync(p));
/** The server as `npm start` runs it (its Node flags from package.json), without building: the build ran first. */
const START_COMMAND = `${JSON.parse(readFileSync('package.json', 'utf8')).scripts.start} --no-build`;
const googleKey = JSON.parse(readFileSync('tests/e2e/fixtures/google-test-key.json', 'utf8'));

/** The servers are configured as an operator would: environment only. */
const serverEnv = (port: number, extra: Record<string, string> = {}) => ({
  DATABASE_URL: '',
  PORT: String(port),
  DATA_DIR: join(tmpdir(), `cabinet-e2e-${port}-${process.pid}`),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_AUTH_MAX: '10000',
  RATE_LIMIT_CODE_MAX: '10000',
  ADMIN_EMAIL: 'staff@cabinet.local',
  ADMIN_PASSWORD: 'staff-e2e-1',
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  GOOGLE_JWKS: JSON.stringify({ keys: [googleKey.publicJwk] }),
  GOOGLE_CLIENT_ID,
  JWT_SECRET: E2E_JWT_SECRET,
  // The owners' WhatsApp numbers go through the gateway double the global setup starts (tests/e2e/waha-gateway.ts).
  WAHA_URL: `http://127.0.0.1:${E2E_WAHA_PORT}`,
  WAHA_API_KEY: E2E_WAHA_API_KEY,
  WAHA_WEBHOOK_HMAC_KEY: E2E_WAHA_HMAC_KEY,
  // The owners' Telegram bots, Twilio senders, Sigma SMS and WhatsApp Business (360dialog) accounts: the doubles of
  // tests/e2e/providers-gateway.ts.
  TELEGRAM_API_URL: `http://127.0.0.1:${E2E_TELEGRAM_PORT}`,
  TWILIO_API_URL: `http://127.0.0.1:${E2E_TWILIO_PORT}`,
  SIGMA_API_URL: `http://127.0.0.1:${E2E_SIGMA_PORT}`,
  DIALOG360_API_URL: `http://127.0.0.1:${E2E_WABA_PORT}`,
  IIKO_API_URL: `http://127.0.0.1:${E2E_PORT + 13}`, // tests/e2e/iiko-gateway.ts (E2E_IIKO_PORT)
  // Owner-typed addresses (Chatwoot): the e2e doubles listen on loopback, which outbound requests refuse unless allowed.
  OUTBOUND_FETCH_ALLOW: '127.0.0.1/32',
  // YooKassa and Stripe: the doubles of tests/e2e/payment-gateway.ts, with their local payer page.
  ...paymentEnv(),
  ...AMO_E2E_ENV,
  ...bookingEnv(), // YCLIENTS: the double of tests/e2e/booking-gateway.ts
  ...extra,
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
  // One project per brand (QA runs one host with --project). Feature specs run on the brands tests/e2e/coverage.ts
  // picks for them; the others leave those files out (E2E_EVERY_BRAND=1 brings them back).
  projects: loadBrands().map((brand) => ({
    name: brand.id,
    testIgnore: ignoredSpecs(brand.id),
    use: { baseURL: `http://${brand.id}.localhost:${E2E_PORT}`, browserName: 'chromium' as const, locale: 'en-US' },
  })),
  webServer: [
    {
      command: START_COMMAND,
      // Any answer (401 without a token) means the server is up.
      url: `http://localhost:${E2E_PORT}/api/v1/Account/CurrentUser`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(E2E_PORT),
    },
    {
      // Access tokens live 3 s here: the silent-refresh test runs against this server.
      command: START_COMMAND,
      url: `http://localhost:${E2E_SHORT_TOKEN_PORT}/api/v1/Account/CurrentUser`,
      reuseExistingServer: false,
      timeout: 120_000,
      // No WhatsApp gateway here: connections.spec.ts checks the screen's "no gateway" explanation against it.
      env: serverEnv(E2E_SHORT_TOKEN_PORT, { ACCESS_TOKEN_TTL_SECONDS: '3', WAHA_URL: '' }),
    },
  ],
});
