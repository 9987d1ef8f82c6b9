import { defineConfig } from 'drizzle-kit';

// Migrations are generated SQL committed under src/server/db/migrations and applied at server start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
