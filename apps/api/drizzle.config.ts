import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the TypeScript schema and reviewed as SQL; the server
// applies them at start-up (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
