// The bench's PostgreSQL database: made and seeded for a run (or a kept one reused), warmed into
// the page cache, read for the stock checks, and dropped at the end.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { root } from '../scripts/lib.mjs';
import { args, log, serverUrl } from './run-settings.mjs';
import { seedStatements } from './seed.mjs';
import { sqlDefinitionScripts } from './sql-definitions.mjs';

/** The database this run made, dropped at the end (unless --keep). */
let benchDatabase = null;

export async function adminQuery(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops the secondary indexes of the big tables, runs `work`, and builds them again (faster). */
async function withoutIndexes(client, run) {
  const { rows } = await client.query(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename in ('products', 'reviews', 'orders', 'order_items')
       and indexname not like '%\\_pkey'`,
  );
  for (const { indexname } of rows) await client.query(`drop index "${indexname}"`);
  await run();
  for (const { indexdef } of rows) await client.query(indexdef);
}

async function seedPostgres(url, counts) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query('set synchronous_commit = off');
    // The seed is consistent by construction: skip the foreign-key checks where we may
    // (superuser); the products' seller status is then set by the seed, not the trigger.
    await client.query('set session_replication_role = replica').catch(() => {});
    const { rows } = await client.query(
      `select 1 from information_schema.columns where table_name = 'products' and column_name = 'seller_active'`,
    );
    await withoutIndexes(client, async () => {
      for (const statement of seedStatements(counts, { sellerActiveColumn: rows.length > 0 })) {
        const started = Date.now();
        await client.query(statement);
        if (Date.now() - started > 2000)
          log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: ${statement.trim().slice(0, 40)}…`);
      }
    });
    // The seed ran with triggers off (replica role): the catalogue's counters (migration 0007)
    // are counted once from the products.
    await client.query(`select catalogue_counts_rebuild() where to_regproc('catalogue_counts_rebuild') is not null`);
    // …and so are the names' words (migration 0011).
    await client.query(`select product_words_rebuild() where to_regproc('product_words_rebuild') is not null`);
    // …and the products per day (migration 0014).
    await client.query(
      `select catalogue_day_counts_rebuild() where to_regproc('catalogue_day_counts_rebuild') is not null`,
    );
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(counts) {
  if (args.database) {
    const url = new URL(serverUrl);
    url.pathname = `/${args.database}`;
    // A kept database holds the dead rows of the runs before (orders, reviews, edits, the
    // counters' compactions), and this machine's server runs without autovacuum (its CI
    // configuration): vacuumed as autovacuum would have, each run starts from the same state.
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
    return { name: args.database, url: url.toString(), seedSeconds: 0 };
  }
  const name = `torget_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  benchDatabase = name;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    await migratePg(drizzlePg(pool), { migrationsFolder: join(root, 'apps/api/drizzle') });
    // A statement without parameters goes by the simple protocol, which takes a whole script.
    for (const script of sqlDefinitionScripts()) await pool.query(script);
  } finally {
    await pool.end();
  }
  const started = Date.now();
  await seedPostgres(url.toString(), counts);
  return { name, url: url.toString(), seedSeconds: (Date.now() - started) / 1000 };
}

/** Drops the database this run made (unless --keep): the end of a run, or of an interrupted one. */
export async function dropBenchDatabase() {
  if (benchDatabase && !args.keep) {
    await adminQuery(`drop database if exists ${benchDatabase} with (force)`).catch(() => {});
    benchDatabase = null;
  }
}

/**
 * Reads every relation of the database once, into the operating system's page cache
 * (pg_prewarm's 'read' mode), so that every row measures a serving database, as warm as one is
 * after its first minutes. Without it a kept database's files were partly on disk only: the
 * mixed row's reads waited for the disk (vmstat: 2–9 MB/s read, up to 27 % iowait) and its p99
 * went from about 60 ms to 170–290. The database here is
 * a few GB, far less than the machine's memory. Answers the seconds and MB read, or null where
 * the server has no pg_prewarm (a server without PostgreSQL's contrib modules).
 */
export async function warmDatabase(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_prewarm');
    const started = Date.now();
    const { rows } = await client.query(
      `select coalesce(sum(pg_prewarm(c.oid, 'read')), 0)::bigint * current_setting('block_size')::bigint as bytes
       from pg_class c where c.relkind in ('r', 'i', 't', 'm') and c.relpersistence = 'p'`,
    );
    return { seconds: (Date.now() - started) / 1000, megabytes: Math.round(Number(rows[0].bytes) / 1e6) };
  } catch (error) {
    log(`not warmed (${error.message}): rows may wait for the disk`);
    return null;
  } finally {
    await client.end();
  }
}

export async function stockOf(databaseUrl, ids) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One statement, so one snapshot: stock taken and lines written commit together.
    const { rows } = await client.query(
      `select (select coalesce(sum(count_in_stock), 0) from products where id = any($1))::bigint as stock,
              (select coalesce(sum(qty), 0) from order_items where product_id = any($1))::bigint as sold,
              (select count(*) from products where count_in_stock < 0)::int as negative`,
      [ids],
    );
    return { stock: Number(rows[0].stock), sold: Number(rows[0].sold), negative: rows[0].negative };
  } finally {
    await client.end();
  }
}
