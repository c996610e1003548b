/**
 * PGlite as Torget opens it, on the API's thread or in its worker (pglite-worker-thread.ts): with
 * the contrib extensions the migrations create (trigram and GIN indexes, accent folding) and the
 * session's settings.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The planner's price of a random page read, for every connection. PostgreSQL's default (4,
 * four times a sequential read) was set for spinning disks; on SSDs and in memory, 1.1 is the
 * usual setting. With the default, counting a common word's matches (one product in 25) was
 * planned as a sequential scan of the products table, since GIN's rechecks were priced as
 * scattered disk seeks; with 1.1 every search is served by its indexes
 * (modules/catalog/name-search-index.test.ts).
 */
export const RANDOM_PAGE_COST = 1.1;

/**
 * PGlite's one session, set once. Its sessions start with `client_min_messages = debug3`: every
 * parse and bind then builds a DEBUG notice, sends it and has it parsed, for nobody to read.
 */
export const PGLITE_SETTINGS = [`set random_page_cost = ${RANDOM_PAGE_COST}`, 'set client_min_messages = notice'];

export interface OpenPgliteOptions {
  /** A data folder, or `memory://`. */
  dataDir: string;
  /** A dumped data folder (`dumpDataDir`) to start from instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
}

/** A PGlite with Torget's extensions, its session set (PGLITE_SETTINGS). */
export async function openPglite(options: OpenPgliteOptions): Promise<PGlite> {
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm, btree_gin, unaccent },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // PGlite is one session for the process's life: set once, it holds for every statement.
  for (const setting of PGLITE_SETTINGS) await client.exec(setting);
  return client;
}
