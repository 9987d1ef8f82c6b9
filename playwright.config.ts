import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { loadBrands } from './src/brand/load.ts';

/**
 * Browser tests on the built output, one project per brand, through the local gateway with the real API.
 * Playwright cannot download browsers here: Debian's chromium is used when present (CHROMIUM_PATH overrides),
 * otherwise Playwright's own browser (a developer machine that has one).
 */
const PORT = Number(process.env.E2E_PORT ?? 4321);
const chromium = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => p && existsSync(p));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
  projects: loadBrands().map((brand) => ({
    name: brand.id,
    use: { baseURL: `http://${brand.id}.localhost:${PORT}`, browserName: 'chromium' as const, locale: 'en-US' },
  })),
  webServer: {
    command: `node scripts/start.ts --no-build`,
    url: `http://localhost:${PORT}/api/v1/Account/CurrentUser`,
    // Any answer (401 without a token) means the server is up.
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { DATABASE_URL: '', PORT: String(PORT), DATA_DIR: join(tmpdir(), `cabinet-e2e-${process.pid}`), LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '10000', ADMIN_EMAIL: 'staff@cabinet.local', ADMIN_PASSWORD: 'staff-e2e-1' },
  },
});
