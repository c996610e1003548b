/**
 * PGlite off the API's event loop: the embedded database runs in a worker thread, served over
 * the PostgreSQL protocol on a Unix socket (@electric-sql/pglite-socket) that only this user
 * can open, and the API talks to it through the same node-postgres pool code as to a server.
 * While PGlite works out a query in the worker, the main thread goes on answering requests.
 *
 * The worker's code is plain CommonJS run with `eval`, so it works the same from the sources
 * (tests, tsx) and from the bundled dist/server.js: it loads its packages from beside this module.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const load = createRequire(workerData.base);
(async () => {
  const { PGlite } = load('@electric-sql/pglite');
  const { pg_trgm } = load('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = load('@electric-sql/pglite/contrib/btree_gin');
  const { unaccent } = load('@electric-sql/pglite/contrib/unaccent');
  const { PGLiteSocketServer } = load('@electric-sql/pglite-socket');
  const db = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm, btree_gin, unaccent } });
  for (const statement of workerData.setup) await db.exec(statement);
  const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: workerData.maxConnections });
  await server.start();
  parentPort.on('message', async (message) => {
    if (message !== 'close') return;
    try {
      await server.stop();
      await db.close();
      parentPort.postMessage({ closed: true });
    } catch (error) {
      parentPort.postMessage({ closed: true, error: String((error && error.stack) || error) });
    }
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
`;

export interface PgliteWorker {
  /** node-postgres connection settings for the socket (host is its folder, as for PostgreSQL). */
  connection: { host: string; port: number; user: string; database: string };
  /** Stops serving, closes PGlite (its data is on disk), and ends the worker. */
  close(): Promise<void>;
}

/** The socket's name is `.s.PGSQL.<port>` in `host`, as node-postgres looks for it. */
const SOCKET_PORT = 5432;

export async function startPgliteWorker(options: {
  dataDir: string;
  /** Statements run once on the database's single session (settings). */
  setup: string[];
  /** How many connections the pool may open; PGlite still runs one statement at a time. */
  maxConnections: number;
}): Promise<PgliteWorker> {
  // A private folder (mode 0700): nobody else on the machine can open the socket.
  const socketDir = mkdtempSync(join(tmpdir(), 'torget-pglite-'));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      base: import.meta.url,
      dataDir: options.dataDir,
      setup: options.setup,
      socketPath: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
      maxConnections: options.maxConnections,
    },
  });
  const message = (want: 'ready' | 'closed') =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; closed?: boolean; error?: string }) => {
        if (m.error && !m.closed) reject(new Error(`PGlite worker: ${m.error}`));
        else if (m[want]) resolve();
        else return;
        worker.off('message', onMessage);
        worker.off('error', reject);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  // A failure after start-up (the worker dying) must not throw in the API's thread: queries then
  // fail with a connection error, which the API answers as any database failure.
  let failure: unknown = null;
  worker.on('error', (error) => {
    failure = error;
  });
  try {
    await message('ready');
  } catch (error) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    async close() {
      if (failure === null) {
        const closed = message('closed');
        worker.postMessage('close');
        await closed.catch(() => {});
      }
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
