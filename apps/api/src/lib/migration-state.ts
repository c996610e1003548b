/**
 * Which of this build's migrations the database has not applied: Drizzle's journal
 * (drizzle/meta/_journal.json, read once) against the rows its migrator wrote in
 * `drizzle.__drizzle_migrations`, matched by each migration's `when` (its `created_at`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';
import { migrationsFolder } from '#api/db/migrate.ts';

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;

function journalEntries(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }
  ).entries;
  return journal;
}

/** The tags of the journal's migrations the database lacks (every one when it has none). */
export async function appliedMigrationsMissing(db: Db): Promise<string[]> {
  // Two statements: a table that does not exist fails a statement naming it even in a branch never taken.
  const [table] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  const rows = table?.exists
    ? await queryRows<{ when: string }>(db, sql`select created_at::text as when from drizzle.__drizzle_migrations`)
    : [];
  const applied = new Set(rows.map((r) => r.when));
  return journalEntries()
    .filter((entry) => !applied.has(String(entry.when)))
    .map((entry) => entry.tag);
}
