// The database's functions and triggers as the server applies them after the migrations
// (apps/api/src/db/sql, each file one script, in the order of their names;
// apps/api/src/db/sql-definitions.ts). The bench migrates and seeds a database before any server
// starts, so it runs them itself after the migrations: the seed then calls the current
// definitions. The server, finding no record of them, applies the same files again at its start.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';

const folder = join(root, 'apps/api/src/db/sql');

/** The texts of the files, in the order they run. */
export function sqlDefinitionScripts() {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(join(folder, name), 'utf8'));
}
