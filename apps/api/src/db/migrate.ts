/** Applies the generated SQL migrations in apps/api/drizzle; safe to run at every start. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateWith } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

/** The migrations folder, found from the source tree and from the bundled dist alike. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '../../drizzle'), join(here, '../drizzle'), join(here, 'drizzle')]) {
    if (existsSync(join(candidate, 'meta/_journal.json'))) return candidate;
  }
  throw new Error(`No migrations folder found near ${here}`);
}

export async function migrate(database: Database): Promise<void> {
  // Both drivers' migrators run the same dialect code; the node-postgres one accepts any
  // drizzle PostgreSQL database at run time.
  await migrateWith(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsFolder() });
}
