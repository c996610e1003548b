/** Applies the generated SQL migrations in apps/api/drizzle; safe to run at every start. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateWith } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './client';

/** Key of the advisory lock that instances starting together on one PostgreSQL take in turn. */
const MIGRATION_LOCK = 7_412_019;

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
  const db = database.db as unknown as NodePgDatabase;
  const run = () => migrateWith(db, { migrationsFolder: migrationsFolder() });
  if (database.kind !== 'postgres') return run();
  // Several instances may start at once on one server: each waits for the lock, so the first
  // applies the migrations and the others find them applied. The lock lives on a connection of
  // its own (outside the pool, which may have a single connection) and ends with it.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const lock = new pg.Client(pool.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await run();
  } finally {
    await lock.end();
  }
}
