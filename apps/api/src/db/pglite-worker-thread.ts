/**
 * The PGlite worker thread's own code (started by pglite-worker.ts): opens PGlite on the data
 * folder and serves it with our PostgreSQL protocol server (pglite-protocol-server.ts) on a Unix
 * socket, then lowers this thread's scheduling priority. Tells the starting thread `ready` (with its
 * thread as the system schedules it) or `error`; on `close`, stops serving, closes PGlite and
 * answers `closed`.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openPglite } from './open-pglite';
import { PgliteProtocolServer } from './pglite-protocol-server';

/** What the starting thread gives this one (pglite-worker.ts). */
export interface PgliteWorkerData {
  dataDir: string;
  /** The socket's path, in a folder only this user can open. */
  socketPath: string;
  /** Nice values to run above the starting thread's, 0 to 19. */
  niceSteps: number;
}

/** What this thread tells the starting one. */
export interface PgliteWorkerMessage {
  ready?: boolean;
  closed?: boolean;
  error?: string;
  thread?: { tid: number; nice: number } | null;
}

/**
 * Lowers this thread's scheduling priority by `steps` nice values below the thread that started
 * it (whose nice it inherited: a server run under `nice` keeps its order), at most to 19, and
 * returns what it is then: its thread id and nice, or null where threads cannot be named (not
 * Linux) or the system refused (the database works as well, only without the priority). Linux's
 * setpriority acts on one thread when given a thread's id (Node's `os.setPriority`), and
 * /proc/thread-self names the calling thread.
 */
function lowerOwnPriority(steps: number): { tid: number; nice: number } | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    if (steps > 0) setPriority(tid, Math.min(19, getPriority(tid) + steps));
    return { tid, nice: getPriority(tid) };
  } catch {
    return null;
  }
}

const describe = (error: unknown) => String((error instanceof Error && error.stack) || error);

async function serve(port: NonNullable<typeof parentPort>, data: PgliteWorkerData): Promise<void> {
  const db = await openPglite({ dataDir: data.dataDir });
  const server = new PgliteProtocolServer({ db, path: data.socketPath });
  await server.start();
  port.on('message', async (message: unknown) => {
    if (message !== 'close') return;
    try {
      await server.stop();
      await db.close();
      port.postMessage({ closed: true } satisfies PgliteWorkerMessage);
    } catch (error) {
      port.postMessage({ closed: true, error: describe(error) } satisfies PgliteWorkerMessage);
    }
  });
  port.postMessage({ ready: true, thread: lowerOwnPriority(data.niceSteps) } satisfies PgliteWorkerMessage);
}

if (parentPort) {
  const port = parentPort;
  serve(port, workerData as PgliteWorkerData).catch((error: unknown) =>
    port.postMessage({ error: describe(error) } satisfies PgliteWorkerMessage),
  );
}
