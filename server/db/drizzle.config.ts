import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from schema.ts; commit it and never edit old ones
// (drizzle's migrator tracks them by journal timestamp).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
