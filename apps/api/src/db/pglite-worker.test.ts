/**
 * PGlite in a worker thread (our protocol server, two pool connections): the
 * API's event loop runs while a query is being worked out, statements sent at once queue
 * instead of failing, the data stays in its folder, and the same SQL answers as in-process.
 */
import { mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { pgliteTemplate } from '#api/test/test-database.ts';
import { type Database, openDatabase, queryRows } from './client';
import { migrate } from './migrate';
import { PGLITE_WORKER_NICE, startPgliteWorker } from './pglite-worker';
import { textRows, textStatement } from './text-rows';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'torget-pglite-worker-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Which comes first: a long query's answer, or a timer set just after the query was sent. */
async function firstOfQueryAndTimer(database: Database): Promise<'query' | 'timer'> {
  const order: string[] = [];
  const query = database.db
    .execute(sql`select count(*) from generate_series(1, 1000000) g where g % 7 = 3`)
    .then(() => order.push('query'));
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      order.push('timer');
      resolve();
    }, 0),
  );
  await Promise.all([query, timer]);
  return order[0] as 'query' | 'timer';
}

/** A thread's nice value as the system schedules it: field 19 of /proc/self/task/<tid>/stat. */
function niceOfThread(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  // After the command's closing parenthesis: field 3 (the state) is the first.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[19 - 3]);
}

const ownThread = () => Number(readlinkSync('/proc/thread-self').split('/').pop());

// PGlite only: the PostgreSQL project has nothing to add here.
describe.skipIf(process.env.TORGET_TEST_DB === 'postgres')('PGlite in a worker thread', () => {
  // One worker database for the file: a PGlite cluster's first start (initdb) takes seconds.
  const dataDir = folder();
  let worker: Database | null = null;
  beforeAll(async () => {
    worker = await openDatabase({ dataDir, pgliteWorker: true });
  }, 120_000);
  afterAll(() => worker?.close());

  it('keeps the event loop running while a query is worked out (in-process it does not)', async () => {
    expect(await firstOfQueryAndTimer(worker as Database)).toBe('timer');
    const inProcess = await openDatabase({ loadDataDir: (await pgliteTemplate()) ?? undefined });
    try {
      expect(await firstOfQueryAndTimer(inProcess)).toBe('query');
    } finally {
      await inProcess.close();
    }
  }, 120_000);

  it('recovers after a failed statement: named statements and transactions start afresh', async () => {
    const db = (worker as Database).db;
    const statement = () => queryRows<{ one: number }>(db, sql`select ${1}::int as one`).then((rows) => rows[0]?.one);
    expect(await statement()).toBe(1);
    const prepared = db.select({ one: sql<number>`1` }).from(sql`(select 1) as t`).prepare('worker_recovery_check');
    const asText = textStatement({ toSQL: () => ({ sql: 'select 2', params: [] }) }, 'worker_recovery_text');
    expect(await prepared.execute()).toEqual([{ one: 1 }]);
    expect(await textRows(db, asText)).toEqual([['2']]);
    // A failing statement makes pg replace its connection; PGlite's one session still holds what
    // the old one prepared, and the new connection prepares the same names again.
    await expect(db.execute(sql`select 1 / 0`)).rejects.toThrow();
    expect(await prepared.execute()).toEqual([{ one: 1 }]);
    expect(await textRows(db, asText)).toEqual([['2']]);
    // A transaction that fails half-way leaves the session usable for the next statement.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(await statement()).toBe(1);
  }, 120_000);

  it('runs a transaction alone: statements sent meanwhile wait, and its rollback undoes only its own', async () => {
    const db = (worker as Database).db;
    await db.execute(sql`create table if not exists worker_tx_check (who text)`);
    let insideA!: () => void;
    const aStarted = new Promise<void>((resolve) => {
      insideA = resolve;
    });
    // A opens a transaction, writes, waits (so the others' statements arrive meanwhile), fails.
    const a = db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_tx_check values ('a')`);
      insideA();
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error('A gives up');
    });
    await aStarted;
    // While A's transaction is open: a transaction that commits, and a statement on its own. They
    // wait for the one connection; run inside A's transaction, A's rollback would take them too.
    const b = db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_tx_check values ('b')`);
    });
    const c = db.execute(sql`insert into worker_tx_check values ('c')`);
    await expect(a).rejects.toThrow('A gives up');
    await Promise.all([b, c]);
    const rows = await queryRows<{ who: string }>(db, sql`select who from worker_tx_check order by who`);
    expect(rows.map((row) => row.who)).toEqual(['b', 'c']);
  }, 120_000);

  it('queues statements sent at once instead of failing them (more than the pool has connections)', async () => {
    const db = (worker as Database).db;
    const prepared = db
      .select({ n: sql<number>`${sql.placeholder('n')}::int` })
      .from(sql`(select 1) as t`)
      .prepare('worker_shared_name_check');
    const asText = textStatement(
      { toSQL: () => ({ sql: 'select $1::int * 10', params: [sql.placeholder('n')] }) },
      'worker_queue_text',
    );
    // Far more at once than the pool has connections: prepared, read as text, and in transactions.
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, n) => {
        const [row] = await prepared.execute({ n });
        const [text] = await textRows(db, asText, { n });
        const inside = await db.transaction(async (tx) =>
          queryRows<{ n: number }>(tx, sql`select ${n}::int + 100 as n`).then((rows) => rows[0]?.n),
        );
        return [row?.n, text?.[0], inside];
      }),
    );
    expect(answers).toEqual(Array.from({ length: 12 }, (_, n) => [n, String(n * 10), n + 100]));
  }, 120_000);

  it('migrates, writes, and keeps the data in its folder for the next start', async () => {
    const first = worker as Database;
    await migrate(first);
    const { user } = await createSeller(first.db);
    await createProduct(first.db, user.id, { name: 'Kvar efter omstart' });
    const [setting] = await queryRows<{ cost: string }>(
      first.db,
      sql`select current_setting('random_page_cost') as cost`,
    );
    expect(setting?.cost).toBe('1.1');
    await first.close();
    worker = null;
    const second = await openDatabase({ dataDir });
    try {
      const rows = await queryRows<{ name: string }>(second.db, sql`select name from products`);
      expect(rows.map((r) => r.name)).toEqual(['Kvar efter omstart']);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('answers larger than its output buffer whole, and the next answer after them', async () => {
    const server = await startPgliteWorker({ dataDir: folder() });
    const client = new pg.Client(server.connection);
    await client.connect();
    try {
      // Three megabytes, many writes of the socket: the next answer is still read whole.
      const big = await client.query<{ text: string }>({
        text: "select repeat('å', $1::int) as text",
        values: [1_500_000],
      });
      expect(big.rows[0]?.text).toBe('å'.repeat(1_500_000));
      const rows = await client.query<{ n: number }>('select g as n from generate_series(1, 3) g');
      expect(rows.rows.map((row) => row.n)).toEqual([1, 2, 3]);
    } finally {
      await client.end();
      await server.close();
    }
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    "runs PGlite's thread at a lower priority than the API's (Linux), or at the same when told 0",
    async () => {
      const lowered = await startPgliteWorker({ dataDir: folder() });
      const level = await startPgliteWorker({ dataDir: folder(), niceSteps: 0 });
      try {
        expect(PGLITE_WORKER_NICE).toBeGreaterThan(0);
        // Steps above the starting thread's own nice (0 unless the tests run under `nice`).
        const own = niceOfThread(ownThread());
        const expected = Math.min(19, own + PGLITE_WORKER_NICE);
        const { thread } = lowered;
        expect(thread?.nice).toBe(expected);
        // Read from the system, not only as the worker reports it: that thread, and only it.
        expect(niceOfThread(thread?.tid ?? 0)).toBe(expected);
        expect(niceOfThread(ownThread())).toBe(own);
        expect(niceOfThread(level.thread?.tid ?? 0)).toBe(own);
        // The lowered worker still answers.
        const client = new pg.Client(lowered.connection);
        await client.connect();
        const { rows } = await client.query<{ n: number }>('select 41 + 1 as n');
        expect(rows[0]?.n).toBe(42);
        await client.end();
      } finally {
        await lowered.close();
        await level.close();
      }
    },
    120_000,
  );

  it('rolls back the transaction of a connection that went away, and frees the session for the others', async () => {
    const server = await startPgliteWorker({ dataDir: folder() });
    const connect = async (stream?: Socket) => {
      // pg's documented `stream` option: the socket it connects through, here one the test holds.
      const client = new pg.Client({ ...server.connection, ...(stream ? { stream: () => stream } : {}) });
      await client.connect();
      return client;
    };
    try {
      const socket = new Socket();
      const first = await connect(socket);
      await first.query('create table gone_check (n int)');
      await first.query({ name: 'gone_insert', text: 'insert into gone_check values ($1)', values: [1] });
      await first.query('begin');
      await first.query({ name: 'gone_insert', text: 'insert into gone_check values ($1)', values: [2] });
      // Gone without a word, inside its transaction: nothing ends it but the socket closing.
      first.on('error', () => {});
      socket.destroy();
      const second = await connect();
      // Would wait for ever if the session were still the first connection's.
      const { rows } = await second.query<{ n: number }>('select n from gone_check order by n');
      expect(rows.map((row) => row.n)).toEqual([1]);
      await second.end();
    } finally {
      await server.close();
    }
  }, 120_000);
});
