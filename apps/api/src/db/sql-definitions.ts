/**
 * The database's functions, procedures and triggers, defined in db/sql/*.sql (one file per area)
 * and applied after the migrations whenever the files change. The migrations in apps/api/drizzle
 * hold tables, indexes and data; a routine's or trigger's current definition is its file's.
 *
 * The files run in the order of their names, all in one transaction, each file as one script
 * (several statements). Every statement in them is repeatable: `CREATE OR REPLACE FUNCTION`,
 * `CREATE OR REPLACE PROCEDURE`, `CREATE OR REPLACE TRIGGER`. The files are the whole truth for
 * the public schema: a function, procedure or trigger there that the files did not define in
 * that transaction is dropped (never with CASCADE: one that a column or index still uses makes
 * the step fail, and nothing of it is kept). Extensions' functions and PostgreSQL's internal
 * triggers (foreign keys) are not ours and are left alone.
 *
 * What was applied is recorded in torget_sql_definitions: the hash of the files' names and texts
 * and the latest migration they ran after, so a start with no new file text and no new migration
 * costs one read.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { PRODUCT_JSON_DEFINITIONS_NAME, productJsonDefinitions } from './product-json-sql';
import { PRODUCT_VERSION_DEFINITIONS_NAME, productVersionDefinitions } from './product-version-sql';

/** One file of definitions: its name (which sets its order) and its text. */
export interface SqlDefinitionFile {
  name: string;
  text: string;
}

export interface SqlDefinitions {
  /** The files in the order they run: name and text. */
  files: SqlDefinitionFile[];
  /** sha-256 of every file's name and text, in order: what torget_sql_definitions records. */
  hash: string;
}

/**
 * The folder of the definitions: src/db/sql beside this module; dist/sql beside the bundle (the
 * build copies it there); apps/api/src/db/sql from a bundle written elsewhere under apps/api
 * (the process tests', in node_modules/.torget-process-test).
 */
export function sqlDefinitionsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, 'sql'), join(here, '../../src/db/sql')]) {
    if (existsSync(candidate) && readdirSync(candidate).some((name) => name.endsWith('.sql'))) return candidate;
  }
  throw new Error(`No SQL definitions folder (db/sql) found near ${here}`);
}

/**
 * The files of `folder` and the definitions generated from the product's field list: the
 * product's JSON text and the columns that keep it (product-json-sql.ts), and the version's
 * trigger (product-version-sql.ts).
 */
export function readSqlDefinitions(folder: string = sqlDefinitionsFolder()): SqlDefinitions {
  const names = readdirSync(folder).filter((name) => name.endsWith('.sql'));
  return sqlDefinitionsOf([
    ...names.map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') })),
    { name: PRODUCT_JSON_DEFINITIONS_NAME, text: productJsonDefinitions() },
    { name: PRODUCT_VERSION_DEFINITIONS_NAME, text: productVersionDefinitions() },
  ]);
}

/** The definitions of these files, put in the order of their names, and their hash. */
export function sqlDefinitionsOf(files: SqlDefinitionFile[]): SqlDefinitions {
  const ordered = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const hash = createHash('sha256');
  // The name counts too: it sets the order the files run in.
  for (const file of ordered) hash.update(file.name).update('\0').update(file.text).update('\0');
  return { files: ordered, hash: hash.digest('hex') };
}

/** One connection's statements: a query with parameters, or a script of several statements. */
export interface SqlSession {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  script(text: string): Promise<void>;
}

/** A session that can also run work in a transaction of its own. */
export interface SqlConnection extends SqlSession {
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
}

/**
 * A pg connection (a Client, or a PoolClient). pg sends a statement without parameters with the
 * simple query protocol, which takes several statements in one text.
 */
export function pgConnection(client: pg.ClientBase): SqlConnection {
  const session: SqlSession = {
    query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
    script: async (text) => {
      await client.query(text);
    },
  };
  return {
    ...session,
    async transaction(work) {
      await client.query('begin');
      try {
        const result = await work(session);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
  };
}

function pgliteSession(client: PGlite | Transaction): SqlSession {
  return {
    query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
    script: async (text) => {
      await client.exec(text);
    },
  };
}

/** PGlite in this process: `exec` runs a script, `transaction` a transaction. */
export function pgliteConnection(client: PGlite): SqlConnection {
  return {
    ...pgliteSession(client),
    transaction: (work) => client.transaction((tx) => work(pgliteSession(tx))),
  };
}

/**
 * Runs `work` with one connection of a database handle's client (handles.ts, `clientOf`): PGlite itself,
 * or a connection taken from a pg pool (PostgreSQL, or PGlite in its worker) and given back.
 */
export async function withConnectionOf<T>(
  client: unknown,
  work: (connection: SqlConnection) => Promise<T>,
): Promise<T> {
  if (client instanceof PGlite) return work(pgliteConnection(client));
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      return await work(pgConnection(connection));
    } finally {
      connection.release();
    }
  }
  throw new Error('SQL definitions: the database client is neither PGlite nor a pg pool');
}

const RECORD_TABLE = 'torget_sql_definitions';
const UNDEFINED_TABLE = '42P01';

/** What was applied last: the files' hash and the migration they ran after. */
interface Applied {
  hash: string;
  migration: string;
}

/** What was applied last; null before the first time (the record's table does not exist yet). */
async function lastApplied(session: SqlSession): Promise<Applied | null> {
  try {
    const rows = await session.query<Applied>(`select hash, migration from ${RECORD_TABLE}`);
    return rows[0] ?? null;
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return null;
    throw error;
  }
}

/**
 * The statements dropping what the files did not define: routines and triggers of the public
 * schema whose catalogue row this transaction did not write. `CREATE OR REPLACE` writes a new
 * version of the row even when nothing changed, so its `xmin` (the transaction that wrote the row
 * version, a documented system column) is this transaction for every object the files define.
 * Triggers go first: a trigger depends on its function. Extensions' members and internal
 * triggers (foreign keys) are not ours.
 */
const STALE_DEFINITIONS = `
  select format('drop trigger %I on %s', t.tgname, t.tgrelid::regclass) as statement
  from pg_trigger t join pg_class c on c.oid = t.tgrelid
  where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
    and t.xmin <> pg_current_xact_id()::xid
  union all
  select format('drop routine %s', p.oid::regprocedure)
  from pg_proc p
  where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
    and p.xmin <> pg_current_xact_id()::xid
    and not exists (
      select 1 from pg_depend d
      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
    )`;

export interface SqlDefinitionsOutcome {
  /** False when the record was of these files after this migration already: nothing was run. */
  applied: boolean;
  /** The drop statements run for what the files no longer define. */
  dropped: string[];
}

/**
 * Applies the definitions unless the record says they were applied, the same files after the
 * same last migration (`afterMigration`, the tag of the latest migration applied). Applying them
 * again after each new migration gives the files the last word even when a migration replaced a
 * function (one that had to, see migrations-define-no-routines.test.ts) with unchanged files.
 * The caller makes sure no other process does the same at once (db/migrate.ts: the migrations'
 * advisory lock).
 */
export async function applySqlDefinitions(
  connection: SqlConnection,
  definitions: SqlDefinitions,
  afterMigration: string,
): Promise<SqlDefinitionsOutcome> {
  const last = await lastApplied(connection);
  if (last?.hash === definitions.hash && last.migration === afterMigration) return { applied: false, dropped: [] };
  return connection.transaction(async (tx) => {
    for (const file of definitions.files) {
      try {
        await tx.script(file.text);
      } catch (error) {
        throw new Error(`db/sql/${file.name}: ${(error as Error).message}`, { cause: error });
      }
    }
    const stale = await tx.query<{ statement: string }>(STALE_DEFINITIONS);
    for (const { statement } of stale) {
      try {
        await tx.script(statement);
      } catch (error) {
        throw new Error(`db/sql: ${statement} (no file defines it any more): ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
    await tx.script(
      `create table if not exists ${RECORD_TABLE} (
         hash text not null, migration text not null, applied_at timestamptz not null default now()
       );
       delete from ${RECORD_TABLE};`,
    );
    await tx.query(`insert into ${RECORD_TABLE} (hash, migration) values ($1, $2)`, [definitions.hash, afterMigration]);
    return { applied: true, dropped: stale.map(({ statement }) => statement) };
  });
}
