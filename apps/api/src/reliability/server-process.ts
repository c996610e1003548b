/**
 * The real server as a child process, for tests of what only a process shows: signals, crashes
 * and its log. The server is bundled from the current sources as `npm run build` bundles it
 * (apps/api/build.mjs), into a private file so parallel test files and a concurrent build never
 * meet, and runs on a fresh database prepared here: a new database on the PostgreSQL server at
 * TEST_DATABASE_URL (project api-postgres), or a PGlite data folder (project api-pglite).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { type Database, openDatabase } from '#api/db/client.ts';
import { migrate } from '#api/db/migrate.ts';
import { adminQuery } from '#api/test/postgres-admin.ts';
import { createServerDatabaseCopy, pgliteTemplate } from '#api/test/test-database.ts';

const apiRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Bundles src/server.ts like build.mjs does, into apps/api/node_modules/.torget-process-test/
 * (packages resolve from there as from dist/, and so do the migrations), with the PGlite worker
 * thread's module beside it (db/pglite-worker.ts looks for it there). Answers its path.
 */
export async function buildServer(): Promise<{ entry: string; remove(): void }> {
  const pkg = JSON.parse(readFileSync(join(apiRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@torget/'));
  const folder = join(apiRoot, 'node_modules', '.torget-process-test');
  mkdirSync(folder, { recursive: true });
  const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const entry = join(folder, `server-${id}.mjs`);
  const worker = join(folder, `pglite-worker-thread-${id}.js`);
  const options: BuildOptions = {
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  };
  await build({ ...options, entryPoints: [join(apiRoot, 'src/server.ts')], outfile: entry });
  await build({ ...options, entryPoints: [join(apiRoot, 'src/db/pglite-worker-thread.ts')], outfile: worker });
  // One name for every bundle in the folder; a rename, so that a server of another test file
  // starting its worker meanwhile reads a whole file (the same code), never a half-written one.
  renameSync(worker, join(folder, 'pglite-worker-thread.js'));
  return { entry, remove: () => rmSync(entry, { force: true }) };
}

export const onPostgres = () => process.env.TORGET_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

export interface ServerDatabase {
  /** The variables that point the server at this database. */
  env: Record<string, string>;
  dataDir: string;
  /**
   * Runs `work` with a connection. On PostgreSQL any time; on PGlite only while no server runs
   * (one process owns a PGlite data folder).
   */
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

/**
 * A fresh database (migrated unless asked not to: a copy of the run's template, see
 * test/global-setup.ts) and data folder for a server process.
 */
export async function createServerDatabase(options: { migrated?: boolean } = {}): Promise<ServerDatabase> {
  const migrated = options.migrated ?? true;
  const dataDir = mkdtempSync(join(tmpdir(), 'torget-process-'));
  const serverUrl = onPostgres() ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const pgliteDir = join(dataDir, 'pglite');
    const use = async <T>(work: (database: Database) => Promise<T>) => {
      const database = await openDatabase({ dataDir: pgliteDir });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    };
    if (migrated) {
      // The run's migrated template, loaded into the folder; migrated here when there is none.
      const template = await pgliteTemplate();
      const database = await openDatabase({ dataDir: pgliteDir, loadDataDir: template ?? undefined });
      try {
        if (!template) await migrate(database);
      } finally {
        await database.close();
      }
    }
    return {
      env: {},
      dataDir,
      use,
      async destroy() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { name, url, fromTemplate } = await createServerDatabaseCopy(serverUrl, 'process', { migrated });
  const database = await openDatabase({ url, poolSize: 4 });
  if (migrated && !fromTemplate) await migrate(database);
  return {
    env: { DATABASE_URL: url },
    dataDir,
    use: (work) => work(database),
    async destroy() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every line the process wrote to stdout and stderr so far. */
  lines: string[];
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first line (already written or still to come) that matches. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM, then SIGKILL if it has not ended in time; resolves when it has ended. */
  stop(): Promise<void>;
}

export const JWT_SECRET = 'process-test-secret-that-is-long-enough-for-hs256';

/** Starts the server on the database with the extra variables; resolves once it listens. */
export async function startServerProcess(
  entry: string,
  database: ServerDatabase,
  env: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [entry], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: database.dataDir,
      SEED_DEMO: 'false',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      PAYPAL_CLIENT_ID: 'process-test',
      // Bursts of orders from one account and address are these tests' point, not abuse.
      RATE_LIMIT_ORDERS_PER_ACCOUNT: '1000000/1m',
      RATE_LIMIT_ORDERS_PER_ADDRESS: '1000000/1m',
      RATE_LIMIT_REGISTER: '1000000/1m',
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onLine = (line: string) => {
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) onLine(part);
    });
    stream?.on('end', () => {
      if (rest) onLine(rest);
      rest = '';
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });

  const waitForLine = (pattern: RegExp, wait = 15_000) => {
    const seen = lines.find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const waiter = { pattern, resolve };
      waiters.push(waiter);
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`no line matching ${pattern} within ${wait} ms. Output:\n${lines.join('\n')}`));
      }, wait);
      timer.unref();
    });
  };

  const running = await Promise.race([
    waitForLine(/Torget is running on (http:\/\/\S+)/, timeoutMs),
    exited.then(({ code }) => {
      throw new Error(`server exited (${code}) before listening:\n${lines.join('\n')}`);
    }),
  ]);
  const url = /(http:\/\/\S+)/.exec(running)?.[1] ?? '';
  return {
    url: url.replace('localhost', '127.0.0.1'),
    child,
    lines,
    exited,
    waitForLine,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
