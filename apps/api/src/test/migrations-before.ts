/**
 * An in-memory PGlite migrated up to, and not including, one migration: for tests of what that
 * migration does to a database that already holds rows. `migrateRest` then applies every
 * migration (Drizzle's migrator alone, without db/sql's files, as a database of that time met it).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateWith } from 'drizzle-orm/node-postgres/migrator';
import { type Database, openDatabase } from '#api/db/client.ts';
import { migrationsFolder } from '#api/db/migrate.ts';

export interface DatabaseBeforeMigration {
  database: Database;
  /** Applies the migrations from the one named on (the whole folder; those applied are skipped). */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
}

/** A database migrated with every migration whose tag sorts before `tag` ('0027'). */
export async function databaseBeforeMigration(tag: string): Promise<DatabaseBeforeMigration> {
  const database = await openDatabase({});
  // Both drivers' migrators run the same dialect code; the PGlite handle is typed as node-postgres's.
  const migrateFrom = (folder: string) =>
    migrateWith(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  const before = mkdtempSync(join(tmpdir(), 'torget-migrations-'));
  cpSync(migrationsFolder(), before, { recursive: true });
  const journalFile = join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < tag);
  writeFileSync(journalFile, JSON.stringify(journal));
  await migrateFrom(before);
  return {
    database,
    migrateRest: () => migrateFrom(migrationsFolder()),
    async close() {
      await database.close();
      rmSync(before, { recursive: true, force: true });
    },
  };
}
