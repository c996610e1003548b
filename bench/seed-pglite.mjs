// The benchmark's marketplace in an embedded PGlite folder (npm run bench's PGlite part,
// bench/pglite-threads.mjs): migrated, then seeded with seed.mjs's statements. Apart from
// seed.mjs, which a unit test imports and which needs no database package.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { root } from '../scripts/lib.mjs';
import { seedStatements } from './seed.mjs';
import { sqlDefinitionScripts } from './sql-definitions.mjs';

/** Migrates a PGlite folder and seeds it with `counts`; answers the seconds it took. */
export async function seedPglite(dataDir, counts) {
  const started = Date.now();
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin, unaccent } });
  try {
    await migrate(drizzle(client), { migrationsFolder: join(root, 'apps/api/drizzle') });
    for (const script of sqlDefinitionScripts()) await client.exec(script);
    for (const statement of seedStatements(counts)) await client.query(statement);
    await client.query('vacuum analyze');
  } finally {
    await client.close();
  }
  return (Date.now() - started) / 1000;
}
