import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/db/schema.ts', './src/sandbox/sandbox.tables.ts'],
  out: './db/migrations',
});
