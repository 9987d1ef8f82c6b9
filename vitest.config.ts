import { defineConfig } from 'vitest/config';

// Two suites: pure unit tests, and API tests that start the real server on a real database.
export default defineConfig({
  test: {
    projects: [
      {
        // Islands run on preact/compat in the browser (docs/architecture.md "Browser runtime"); so do their unit tests.
        resolve: { alias: { 'react-dom/server': 'preact-render-to-string', 'react/jsx-runtime': 'preact/jsx-runtime', react: 'preact/compat' } },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/client/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file owns a fresh database; two workers keep a 2-core machine responsive.
          maxWorkers: 2,
          // As `npm start` runs the server (docs/architecture.md "Running it": drizzle's modules load in 1 s, not 2.6).
          execArgv: ['--import=./src/server/platform/module-hooks.ts'],
        },
      },
    ],
  },
});
