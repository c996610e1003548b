/**
 * `npm run db:move -- --to postgres://…`: copies a PGlite data folder into an empty PostgreSQL
 * database, then checks that every table holds the same rows on both sides and that each seller's
 * ledger sums to the same. Uploads stay where they are (DATA_DIR/uploads or the bucket).
 *
 * How: both databases are migrated to the same schema (the code's), then in one transaction on
 * the target, with `session_replication_role = replica` (PostgreSQL's documented switch that
 * fires no ordinary trigger, foreign-key checks included), every table of the public schema is
 * emptied of what the migrations wrote and filled with the source's rows, tables in foreign-key
 * order. No trigger runs: the tables triggers keep (catalogue counts, the word dictionary, rating
 * aggregates) are copied as they are, the append-only ledger takes its rows by INSERT, and the
 * comparison afterwards shows nothing was rebuilt differently. Setting that switch needs a
 * superuser, or (PostgreSQL 15+) `GRANT SET ON PARAMETER session_replication_role`.
 */
import { join } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '#api/db/client.ts';
import { migrate } from '#api/db/migrate.ts';
import { openPglite } from '#api/db/open-pglite.ts';

/** Rows per batch read from PGlite and inserted into PostgreSQL. */
const BATCH_ROWS = 2000;

export interface MoveOptions {
  /** DATA_DIR: the PGlite folder is its `pglite`. */
  dataDir: string;
  targetUrl: string;
}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  /** Every row's text, in order, hashed on both sides. */
  same: boolean;
}

export interface MoveReport {
  ok: boolean;
  tables: TableCheck[];
  /** Sellers whose ledger sums differ (none when all is well), and how many were compared. */
  ledgerSellers: number;
  ledgerDifferences: string[];
  text: string;
}

interface Column {
  name: string;
  generated: boolean;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public schema's tables, each after every table it references (self-references aside). */
async function tablesInDependencyOrder(source: PGlite): Promise<string[]> {
  const tables = (
    await source.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).rows.map((r) => r.name);
  const references = (
    await source.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
         join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
         join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
    )
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const r of references) if (r.child === table) visit(r.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function columnsOf(source: PGlite, table: string): Promise<Column[]> {
  const rows = await source.query<{ name: string; generated: string }>(
    `select column_name as name, is_generated as generated from information_schema.columns
     where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.rows.map((r) => ({ name: r.name, generated: r.generated !== 'NEVER' }));
}

/** Copies one table's rows through a cursor on the source, in batches of JSON rows. */
async function copyTable(source: Transaction, target: pg.ClientBase, table: string, columns: Column[]) {
  const written = columns.filter((c) => !c.generated).map((c) => quote(c.name));
  const list = written.join(', ');
  const cursor = `move_${table}`;
  await source.query(
    `declare ${quote(cursor)} no scroll cursor for select to_json(t)::text as row from ${quote(table)} t`,
  );
  for (;;) {
    const batch = await source.query<{ row: string }>(`fetch forward ${BATCH_ROWS} from ${quote(cursor)}`);
    if (batch.rows.length === 0) break;
    const json = `[${batch.rows.map((r) => r.row).join(',')}]`;
    // OVERRIDING SYSTEM VALUE keeps identity columns' numbers (the ledger's ids) as they were.
    await target.query(
      `insert into ${quote(table)} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`,
      [json],
    );
  }
  await source.query(`close ${quote(cursor)}`);
}

/** The sequences' positions, copied as they are. */
async function copySequences(source: PGlite, target: pg.ClientBase): Promise<number> {
  const sequences = (
    await source.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public'`)
  ).rows;
  for (const { name } of sequences) {
    const state = await source.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${quote(name)}`,
    );
    const row = state.rows[0];
    if (row)
      await target.query('select setval($1::regclass, $2::bigint, $3)', [quote(name), row.last_value, row.is_called]);
  }
  return sequences.length;
}

/** Rows and a hash of every row's text in a fixed order, the same query on both sides. */
const TABLE_DIGEST = (table: string) =>
  `select count(*)::int as n, coalesce(md5(string_agg(t::text, E'\\n' order by t::text collate "C")), '') as digest from ${quote(table)} t`;
const LEDGER_SUMS = `select seller_id::text as seller, sum(amount_ore)::text as total from ledger_entries group by seller_id order by 1`;

async function verify(source: PGlite, target: pg.ClientBase, tables: string[]) {
  const checks: TableCheck[] = [];
  for (const table of tables) {
    const [a, b] = await Promise.all([
      source.query<{ n: number; digest: string }>(TABLE_DIGEST(table)),
      target.query<{ n: number; digest: string }>(TABLE_DIGEST(table)),
    ]);
    const s = a.rows[0];
    const t = b.rows[0];
    checks.push({
      table,
      sourceRows: s?.n ?? -1,
      targetRows: t?.n ?? -1,
      same: !!s && !!t && s.n === t.n && s.digest === t.digest,
    });
  }
  const sums = (rows: { seller: string; total: string }[]) => new Map(rows.map((r) => [r.seller, r.total]));
  const sourceSums = sums((await source.query<{ seller: string; total: string }>(LEDGER_SUMS)).rows);
  const targetSums = sums((await target.query<{ seller: string; total: string }>(LEDGER_SUMS)).rows);
  const differences = [...new Set([...sourceSums.keys(), ...targetSums.keys()])]
    .filter((seller) => sourceSums.get(seller) !== targetSums.get(seller))
    .map(
      (seller) => `${seller}: ${sourceSums.get(seller) ?? 'none'} öre here, ${targetSums.get(seller) ?? 'none'} there`,
    );
  return { checks, ledgerSellers: sourceSums.size, differences };
}

function reportText(
  targetUrl: string,
  checks: TableCheck[],
  ledgerSellers: number,
  differences: string[],
  sequences: number,
) {
  const url = new URL(targetUrl);
  if (url.password) url.password = '***';
  const width = Math.max(...checks.map((c) => c.table.length), 5);
  const lines = [
    `Copied into ${url.toString()}:`,
    `  ${'table'.padEnd(width)}  ${'PGlite'.padStart(9)}  ${'server'.padStart(9)}  check`,
    ...checks.map(
      (c) =>
        `  ${c.table.padEnd(width)}  ${String(c.sourceRows).padStart(9)}  ${String(c.targetRows).padStart(9)}  ${c.same ? 'same rows' : 'DIFFERENT'}`,
    ),
    `  ${sequences} sequences set as they were.`,
    differences.length === 0
      ? `  Ledger: the sums of all ${ledgerSellers} sellers agree.`
      : `  Ledger sums DIFFER:\n    ${differences.join('\n    ')}`,
  ];
  const ok = differences.length === 0 && checks.every((c) => c.same);
  lines.push(
    ok
      ? 'Every table agrees. Set DATABASE_URL to this database and start the server; uploads stay where they are.'
      : 'The copy does NOT agree with the source: keep using the PGlite folder and look into the differences above.',
  );
  return { ok, text: lines.join('\n') };
}

/** Refuses a target with any table in its public or drizzle schema. */
async function assertEmpty(target: pg.ClientBase, targetUrl: string): Promise<void> {
  const result = await target.query<{ n: number }>(
    `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
  );
  const tables = result.rows[0]?.n ?? 0;
  if (tables > 0) {
    const url = new URL(targetUrl);
    if (url.password) url.password = '***';
    throw new Error(
      `Not moved: ${url.toString()} is not empty (${tables} tables). db:move copies only into an empty database: create one (createdb) and name it.`,
    );
  }
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const check = new pg.Client({ connectionString: options.targetUrl });
  await check.connect();
  try {
    await assertEmpty(check, options.targetUrl);
  } finally {
    await check.end();
  }

  // Both at the code's schema: the source as the server's next start would leave it.
  const sourceDatabase = await openDatabase({ dataDir: join(options.dataDir, 'pglite') });
  try {
    await migrate(sourceDatabase);
  } finally {
    await sourceDatabase.close();
  }
  const targetDatabase = await openDatabase({ url: options.targetUrl, poolSize: 1 });
  try {
    await migrate(targetDatabase);
  } finally {
    await targetDatabase.close();
  }

  const source = await openPglite({ dataDir: join(options.dataDir, 'pglite') });
  const target = new pg.Client({ connectionString: options.targetUrl });
  await target.connect();
  try {
    // Row texts compared alike on both sides: times in UTC, floats exact (PostgreSQL 12+'s shortest exact form).
    for (const setting of ["set timezone = 'UTC'", 'set extra_float_digits = 1']) {
      await source.exec(setting);
      await target.query(setting);
    }
    const tables = await tablesInDependencyOrder(source);
    const columns = new Map<string, Column[]>();
    for (const table of tables) columns.set(table, await columnsOf(source, table));
    let sequences = 0;
    await target.query('begin');
    try {
      await target.query('set local session_replication_role = replica');
      // What the migrations wrote (default settings, the definitions' record) makes way for the source's rows.
      await target.query(`truncate ${tables.map(quote).join(', ')}`);
      await source.transaction(async (tx) => {
        for (const table of tables) await copyTable(tx, target, table, columns.get(table) ?? []);
      });
      sequences = await copySequences(source, target);
      await target.query('commit');
    } catch (error) {
      await target.query('rollback');
      throw error;
    }
    const verified = await verify(source, target, tables);
    const { ok, text } = reportText(
      options.targetUrl,
      verified.checks,
      verified.ledgerSellers,
      verified.differences,
      sequences,
    );
    return {
      ok,
      tables: verified.checks,
      ledgerSellers: verified.ledgerSellers,
      ledgerDifferences: verified.differences,
      text,
    };
  } finally {
    await target.end();
    await source.close();
  }
}
