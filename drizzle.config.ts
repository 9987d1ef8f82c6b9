import { defineConfig } from 'drizzle-kit';

// Migrations are generated SQL committed under src/server/platform/db/migrations and applied at server start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/platform/db/schema.ts',
  out: './src/server/platform/db/migrations',
});
