/**
 * PGlite off the API's event loop: the embedded database runs in a worker thread
 * (pglite-worker-thread.ts), served over the PostgreSQL protocol by our own server
 * (pglite-protocol-server.ts) on a Unix socket that only this user can open, and the API talks to
 * it through the same node-postgres pool code as to a server. While PGlite works out a query in
 * the worker, the main thread goes on answering requests.
 *
 * PGlite is one session; the server hands it one connection's unit of messages (up to a Sync) at
 * a time, renames each connection's prepared statements apart, and lets a connection inside a
 * transaction run alone. The API keeps two connections to it (PGLITE_CONNECTIONS), so that the
 * next statement is already waiting in the worker while PGlite answers one.
 *
 * On Linux the worker's thread runs at a lower scheduling priority than the API's (nice values
 * above it, PGLITE_WORKER_NICE, 7 by default): when both want a core, as on a small machine under
 * load, the API's thread, which also answers everything that needs no database (the web app,
 * cached reads, health checks), is served first, and PGlite takes the rest.
 *
 * The worker's code is a module of its own: dist/pglite-worker-thread.js beside the bundled
 * server (apps/api/build.mjs), or its TypeScript source run through tsx (tests, development).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker-thread';

/**
 * How many connections the API keeps to PGlite's worker. Two: while PGlite works out one
 * connection's statement, the other's is already in the worker's queue, and the API's thread
 * reads one answer while PGlite works on the next (docs/decisions/141-pglite-protocol-server.md).
 * More would only queue in the worker instead of in the pool, where writers go first.
 */
export const PGLITE_CONNECTIONS = 2;

export interface PgliteWorker {
  /** node-postgres connection settings for the socket (host is its folder, as for PostgreSQL). */
  connection: { host: string; port: number; user: string; database: string };
  /** The worker's thread as the system schedules it (Linux), or null where that is not known. */
  thread: { tid: number; nice: number } | null;
  /** Stops serving, closes PGlite (its data is on disk), and ends the worker. */
  close(): Promise<void>;
}

/**
 * How many nice values the worker thread runs above the API's unless told otherwise
 * (PGLITE_WORKER_NICE; a server at nice 0 has PGlite at 7). Measured on two cores under a load of
 * product pages beside `GET /`: at 7 `GET /` kept 0.56–0.66× its idle rate, at 2 less than half
 * (docs/decisions.md, "PGlite's thread yields to the API's").
 */
export const PGLITE_WORKER_NICE = 7;

/** The socket's name is `.s.PGSQL.<port>` in `host`, as node-postgres looks for it. */
const SOCKET_PORT = 5432;

/**
 * The worker's module: the built one beside the bundled server, else its TypeScript source,
 * which pglite-worker-thread-source.mjs loads through tsx (a worker thread does not inherit the
 * loader its starting thread runs TypeScript with).
 */
function workerModule(): URL {
  const built = new URL('./pglite-worker-thread.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  return new URL('./pglite-worker-thread-source.mjs', import.meta.url);
}

export async function startPgliteWorker(options: {
  dataDir: string;
  /** How many nice values the worker thread runs above the thread starting it, 0 to 19 (PGLITE_WORKER_NICE by default). */
  niceSteps?: number;
}): Promise<PgliteWorker> {
  // A private folder (mode 0700): nobody else on the machine can open the socket.
  const socketDir = mkdtempSync(join(tmpdir(), 'torget-pglite-'));

  const workerData: PgliteWorkerData = {
    dataDir: options.dataDir,
    niceSteps: options.niceSteps ?? PGLITE_WORKER_NICE,
    socketPath: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
  };
  const worker = new Worker(workerModule(), { workerData });
  const message = (want: 'ready' | 'closed') =>
    new Promise<PgliteWorkerMessage>((resolve, reject) => {
      const onMessage = (m: PgliteWorkerMessage) => {
        if (m.error && !m.closed) reject(new Error(`PGlite worker: ${m.error}`));
        else if (m[want]) resolve(m);
        else return;
        worker.off('message', onMessage);
        worker.off('error', reject);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  // A failure after start-up (the worker dying) must not throw in the API's thread: queries then
  // fail with a connection error, which the API answers as any database failure.
  let failed = false;
  worker.on('error', () => {
    failed = true;
  });
  let ready: PgliteWorkerMessage;
  try {
    ready = await message('ready');
  } catch (error) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    thread: ready.thread ?? null,
    async close() {
      if (!failed) {
        const closed = message('closed');
        worker.postMessage('close');
        await closed.catch(() => {});
      }
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
