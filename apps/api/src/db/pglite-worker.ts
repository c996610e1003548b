/**
 * PGlite off the API's event loop: the embedded database runs in a worker thread, served over
 * the PostgreSQL protocol on a Unix socket that only this user can open, and the API talks to it
 * through the same node-postgres pool code as to a server. While PGlite works out a query in the
 * worker, the main thread goes on answering requests.
 *
 * The statements read as text (db/text-rows.ts: the catalogue's reads) skip node-postgres: the
 * API's thread posts them through the worker's message port (readRows), and the worker reads
 * the rows out of PGlite's answer and posts them back, work the API's thread no longer does.
 *
 * The socket server is ours, not @electric-sql/pglite-socket's, for speed: that one hands PGlite
 * each protocol message on its own (parse, bind, describe, execute and sync are five), each in
 * its own event-loop turn, and writes each answer, waiting for the write before the next. Ours
 * hands PGlite every complete message that has arrived in one call (PGlite's backend reads them
 * in turn, as PostgreSQL's does from its socket, skipping to the sync after an error) and writes
 * the answers in one write. Batches run one at a time, in arrival order, over all connections:
 * PGlite is one session.
 *
 * PGlite's sessions start with `client_min_messages = debug3`, so every parse and bind sent the
 * client a DEBUG notice to build, send and parse; the setup puts it back to PostgreSQL's default.
 *
 * Once set up, the worker calls PGlite's backend directly (directBackend below), not through
 * `execProtocolRaw`: that one also parses every answer into JavaScript message objects (each
 * row's fields as strings) and keeps them all in a list that only `execProtocol` empties, so over
 * a long run the list grew without end and its parsing was half the worker's time.
 *
 * On Linux the worker's thread runs at a lower scheduling priority than the API's (nice values
 * above it, PGLITE_WORKER_NICE, 7 by default): when both want a core, as on a small machine under load,
 * the API's thread, which also answers everything that needs no database (the web app, cached
 * reads, health checks), is served first, and PGlite takes the rest (docs/decisions/060-pglite-thread-yields-to-the-api.md).
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
const net = require('node:net');
const load = createRequire(workerData.base);

// A startup message has no type byte: its length, then the protocol version (3.0) or the code
// of an SSL or GSS encryption request, which a Unix socket answers with 'N' (not supported).
const PROTOCOL_3 = 196608;
const ENCRYPTION_REQUESTS = new Set([80877103, 80877104]);
const PARSE = 0x50, BIND = 0x42, DESCRIBE = 0x44, EXECUTE = 0x45, CLOSE = 0x43, TERMINATE = 0x58, QUERY = 0x51;
const STATEMENT = 0x53;
// The extended protocol's messages wait for the sync that ends their unit; any other message (a
// sync, a simple query, a password, a flush) ends the unit it is in.
const UNIT_CONTINUES = new Set([PARSE, BIND, DESCRIBE, EXECUTE, CLOSE]);

/**
 * A message naming a prepared statement, with the connection's prefix before the name: the
 * session is shared, so each connection's statements live under names of their own. The unnamed
 * statement needs none (it lives within one unit). Returns [message, the new name or null].
 */
function withOwnStatementName(message, prefix) {
  const type = message[0];
  let at = -1;
  if (type === PARSE) at = 5;
  else if (type === BIND) at = message.indexOf(0, 5) + 1;
  else if ((type === DESCRIBE || type === CLOSE) && message[5] === STATEMENT) at = 6;
  if (at < 0 || message[at] === 0) return [message, null];
  const renamed = Buffer.allocUnsafe(message.length + prefix.length);
  message.copy(renamed, 0, 0, at);
  prefix.copy(renamed, at);
  message.copy(renamed, at + prefix.length, at);
  renamed.writeInt32BE(renamed.length - 1, 1);
  const name = type === PARSE ? renamed.toString('utf8', at, renamed.indexOf(0, at)) : null;
  return [renamed, name];
}

const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;

/**
 * Whether an answer ends with the session idle: its last ReadyForQuery says so (PGlite's own
 * isInTransaction() follows only what its query methods parse). False when it has none.
 */
function idleAfter(answer) {
  let status = null;
  for (let at = 0; at + 5 <= answer.length; ) {
    if (answer[at] === READY_FOR_QUERY) status = answer[at + 5];
    at += 1 + ((answer[at + 1] << 24) | (answer[at + 2] << 16) | (answer[at + 3] << 8) | answer[at + 4]);
  }
  return status === IDLE;
}

const quoted = (name) => '"' + name.replace(/"/g, '""') + '"';

/** A simple-protocol Query message: the cleanup's statements. */
function simpleQuery(text) {
  const body = Buffer.from(text + '\0');
  const message = Buffer.allocUnsafe(5 + body.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

const TERMINATE_MESSAGE = Buffer.from([TERMINATE, 0, 0, 0, 4]);
const OUTPUT_KEPT = 256 * 1024;
const NO_INPUT = Buffer.alloc(0);

/**
 * PGlite's backend without PGlite's JavaScript around it. PGlite's WebAssembly PostgreSQL reads
 * its input and writes its output through two callbacks; PGlite's own write callback parses every
 * message it is given (execProtocolRaw included) and keeps it in a list, which nothing here needs:
 * the answer goes to the socket as it is. These callbacks copy bytes in and out, nothing more.
 * From then on every statement of the worker goes through run(), PGlite's own query methods no
 * longer (their callbacks are replaced); close() hands PGlite's close its Terminate message.
 * The three module functions used are checked at start, so a PGlite without them fails loudly.
 */
function directBackend(db) {
  const mod = db.mod;
  for (const name of ['addFunction', '_set_read_write_cbs', '_interactive_one']) {
    if (!mod || typeof mod[name] !== 'function') throw new Error('PGlite has no ' + name + ': the worker cannot call its backend');
  }
  let input = NO_INPUT;
  let inputAt = 0;
  let output = new Uint8Array(OUTPUT_KEPT);
  let outputAt = 0;
  const read = mod.addFunction((pointer, most) => {
    const length = Math.min(most, input.length - inputAt);
    mod.HEAPU8.set(input.subarray(inputAt, inputAt + length), pointer);
    inputAt += length;
    return length;
  }, 'iii');
  const write = mod.addFunction((pointer, length) => {
    if (outputAt + length > output.length) {
      const grown = new Uint8Array(Math.max(output.length * 2, outputAt + length));
      grown.set(output.subarray(0, outputAt));
      output = grown;
    }
    output.set(mod.HEAPU8.subarray(pointer, pointer + length), outputAt);
    outputAt += length;
    return length;
  }, 'iii');
  mod._set_read_write_cbs(read, write);
  return {
    /** The backend's answer to a unit's messages, as bytes of its own. */
    run(bytes) {
      input = bytes;
      inputAt = 0;
      outputAt = 0;
      try {
        mod._interactive_one(bytes.length, bytes[0]);
        return Buffer.from(output.subarray(0, outputAt));
      } finally {
        input = NO_INPUT;
        // One long answer must not keep its buffer for ever.
        if (output.length > OUTPUT_KEPT) output = new Uint8Array(OUTPUT_KEPT);
      }
    },
    /** PGlite's close sends its Terminate through the read callback, which is now ours. */
    async close() {
      input = TERMINATE_MESSAGE;
      inputAt = 0;
      await db.close();
    },
  };
}

const PARSE_COMPLETE = 0x31, DATA_ROW = 0x44, ERROR_RESPONSE = 0x45;
const EXECUTE_ALL = Buffer.from([EXECUTE, 0, 0, 0, 9, 0, 0, 0, 0, 0]);
const SYNC_MESSAGE = Buffer.from([0x53, 0, 0, 0, 4]);

/** A protocol message: its type, its length, its body. */
function protocolMessage(type, body) {
  const message = Buffer.allocUnsafe(5 + body.length);
  message[0] = type;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

const cstring = (text) => Buffer.from(text + '\0');

/** Bind of the unnamed portal to \`name\`, every parameter and column as text. */
function bindMessage(name, params) {
  const parts = [Buffer.from([0]), cstring(name), Buffer.from([0, 0]), Buffer.alloc(2)];
  parts[3].writeInt16BE(params.length, 0);
  for (const value of params) {
    const length = Buffer.alloc(4);
    if (value === null) {
      length.writeInt32BE(-1, 0);
      parts.push(length);
    } else {
      const bytes = Buffer.from(value);
      length.writeInt32BE(bytes.length, 0);
      parts.push(length, bytes);
    }
  }
  parts.push(Buffer.from([0, 0]));
  return protocolMessage(BIND, Buffer.concat(parts));
}

/** An ErrorResponse's fields (after its length) as an error's properties, as node-postgres names them. */
function errorOf(answer, at, end) {
  const names = { S: 'severity', C: 'code', M: 'message', D: 'detail', H: 'hint', P: 'position', W: 'where', s: 'schema', t: 'table', c: 'column', n: 'constraint' };
  const error = {};
  while (at < end && answer[at] !== 0) {
    const field = String.fromCharCode(answer[at]);
    const close = answer.indexOf(0, at + 1);
    // A field without its terminator ends the fields (PGlite writes none such).
    if (close < 0 || close >= end) break;
    if (names[field]) error[names[field]] = answer.toString('utf8', at + 1, close);
    at = close + 1;
  }
  return error;
}

/**
 * The rows of an answer, each column as text or null; whether the statement was parsed; its
 * error, if any.
 */
function readAnswer(answer) {
  const rows = [];
  let parsed = false;
  let error = null;
  for (let at = 0; at + 5 <= answer.length; ) {
    const type = answer[at];
    const end = at + 1 + answer.readInt32BE(at + 1);
    if (type === DATA_ROW) {
      const count = answer.readInt16BE(at + 5);
      const row = new Array(count);
      let field = at + 7;
      for (let i = 0; i < count; i++) {
        const length = answer.readInt32BE(field);
        field += 4;
        if (length < 0) row[i] = null;
        else {
          row[i] = answer.toString('utf8', field, field + length);
          field += length;
        }
      }
      rows.push(row);
    } else if (type === PARSE_COMPLETE) parsed = true;
    else if (type === ERROR_RESPONSE) error = errorOf(answer, at + 5, end);
    at = end;
  }
  return { rows, parsed, error };
}

/**
 * Serves one PGlite over a Unix socket to several connections. A unit is a connection's
 * messages up to a sync or a simple query (or any message outside the extended protocol):
 * PGlite gets each unit whole, in one call, and the answer goes back in one write. Units run one
 * at a time in arrival order, so a connection always has its next statement queued while PGlite
 * works out another's; while a connection is inside a transaction, only its own units run, as if
 * the others waited for its locks. PGlite's backend answers synchronously: the units waiting when
 * data arrives run in that same event-loop turn.
 */
function serve(backend, socketPath, answerRead) {
  const waiting = [];
  let owner = null;
  let running = false;
  let nextId = 1;
  const connections = new Set();
  // The API thread's reads of rows as text (read below): a connection of their own in the
  // queue, whose statements are prepared under names of their own, and the text of each name.
  const reads = { socket: null, statements: new Set(), prefix: 'r_', texts: new Map() };

  function runRead(unit) {
    const { id, name, params } = unit.read;
    const ownName = name ? reads.prefix + name : '';
    const text = unit.read.text ?? reads.texts.get(name);
    const parts = [];
    if (!ownName || !reads.statements.has(ownName)) {
      parts.push(protocolMessage(PARSE, Buffer.concat([cstring(ownName), cstring(text), Buffer.from([0, 0])])));
    }
    parts.push(bindMessage(ownName, params), EXECUTE_ALL, SYNC_MESSAGE);
    const answer = readAnswer(backend.run(Buffer.concat(parts)));
    if (answer.parsed && ownName) reads.statements.add(ownName);
    answerRead({ id, rows: answer.error ? null : answer.rows, error: answer.error });
  }

  function runUnit(unit) {
    if (unit.read) return runRead(unit);
    const connection = unit.connection;
    if (unit.cleanup) {
      // A connection that went away: its transaction is rolled back and its statements go.
      if (owner === connection) {
        owner = null;
        backend.run(simpleQuery('ROLLBACK'));
      }
      // One at a time: a name whose parse failed was never prepared (its error is only an
      // answer here, not thrown), and must not stop the rest.
      for (const name of connection.statements) backend.run(simpleQuery('DEALLOCATE ' + quoted(name)));
      return;
    }
    if (connection.socket.destroyed) return;
    const answer = backend.run(unit.bytes);
    // The session stays this connection's until an answer ends idle: inside a transaction, and
    // also between a startup and its password, or a flush and its sync (no ReadyForQuery yet).
    owner = idleAfter(answer) ? null : connection;
    if (answer.length > 0 && !connection.socket.destroyed) connection.socket.write(answer);
  }

  function drain() {
    if (running) return;
    running = true;
    try {
      while (waiting.length > 0) {
        const index = owner === null ? 0 : waiting.findIndex((unit) => unit.connection === owner);
        if (index < 0) break;
        const unit = waiting.splice(index, 1)[0];
        try {
          runUnit(unit);
        } catch (error) {
          if (unit.read) answerRead({ id: unit.read.id, rows: null, error: { message: String((error && error.message) || error) } });
          else unit.connection.socket.destroy();
        }
      }
    } finally {
      running = false;
    }
  }

  const server = net.createServer((socket) => {
    const connection = { socket, statements: new Set(), prefix: Buffer.from('c' + nextId++ + '_') };
    connections.add(connection);
    socket.setNoDelay(true);
    let pending = Buffer.alloc(0);
    let started = false;
    let unit = [];
    const queue = (bytes) => {
      waiting.push({ connection, bytes });
      drain();
    };
    socket.on('data', (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (!started && pending.length >= 8) {
        const length = pending.readInt32BE(0);
        if (length < 8) return socket.destroy();
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        const message = Buffer.from(pending.subarray(0, length));
        pending = pending.subarray(length);
        if (ENCRYPTION_REQUESTS.has(code)) {
          socket.write('N');
          continue;
        }
        if (code !== PROTOCOL_3) return socket.destroy();
        started = true;
        queue(message);
      }
      if (!started) return;
      let at = 0;
      while (pending.length - at >= 5) {
        const length = 1 + pending.readInt32BE(at + 1);
        if (length < 5) return socket.destroy();
        if (pending.length - at < length) break;
        const type = pending[at];
        if (type === TERMINATE) return socket.end();
        const [message, name] = withOwnStatementName(pending.subarray(at, at + length), connection.prefix);
        if (name !== null) connection.statements.add(name);
        unit.push(message);
        at += length;
        if (!UNIT_CONTINUES.has(type)) {
          // Buffer.concat copies: what PGlite reads is the unit's own.
          queue(Buffer.concat(unit));
          unit = [];
        }
      }
      pending = pending.subarray(at);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      connections.delete(connection);
      for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i].connection === connection) waiting.splice(i, 1);
      waiting.push({ connection, cleanup: true });
      drain();
    });
  });
  return {
    /**
     * Runs a statement for the API's thread and answers its rows through answerRead, in turn
     * with the connections' units (after a transaction in progress). \`text\` comes with the
     * first read of a name, and with every unnamed one.
     */
    read(request) {
      if (request.name && request.text !== undefined) reads.texts.set(request.name, request.text);
      waiting.push({ connection: reads, read: request });
      drain();
    },
    start: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(socketPath, resolve);
      }),
    stop: async () => {
      for (const connection of connections) connection.socket.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
      while (running || waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

/**
 * Lowers this thread's scheduling priority by \`steps\` nice values below the thread that started
 * it (whose nice it inherited: a server run under \`nice\` keeps its order), at most to 19, and
 * returns what it is then: its thread id and nice, or null where threads cannot be named (not
 * Linux) or the system refused (the database works as well, only without the priority). Linux's
 * setpriority acts on one thread when given a thread's id; /proc/thread-self names the calling
 * thread.
 */
function lowerOwnPriority(steps) {
  try {
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    const os = require('node:os');
    if (steps > 0) os.setPriority(tid, Math.min(19, os.getPriority(tid) + steps));
    return { tid, nice: os.getPriority(tid) };
  } catch {
    return null;
  }
}

(async () => {
  const { PGlite } = load('@electric-sql/pglite');
  const { pg_trgm } = load('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = load('@electric-sql/pglite/contrib/btree_gin');
  const { unaccent } = load('@electric-sql/pglite/contrib/unaccent');
  const db = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm, btree_gin, unaccent } });
  for (const statement of workerData.setup) await db.exec(statement);
  const backend = directBackend(db);
  const server = serve(backend, workerData.socketPath, (answer) => parentPort.postMessage({ answer }));
  await server.start();
  parentPort.on('message', async (message) => {
    if (message && message.read) return server.read(message.read);
    if (message !== 'close') return;
    try {
      await server.stop();
      await backend.close();
      parentPort.postMessage({ closed: true });
    } catch (error) {
      parentPort.postMessage({ closed: true, error: String((error && error.stack) || error) });
    }
  });
  parentPort.postMessage({ ready: true, thread: lowerOwnPriority(workerData.niceSteps) });
})().catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
`;

export interface PgliteWorker {
  /** node-postgres connection settings for the socket (host is its folder, as for PostgreSQL). */
  connection: { host: string; port: number; user: string; database: string };
  /** The worker's thread as the system schedules it (Linux), or null where that is not known. */
  thread: { tid: number; nice: number } | null;
  /**
   * The rows of one statement, each column as PostgreSQL writes it (null for NULL), asked of the
   * worker through its message port instead of over the socket: the worker reads the answer's
   * rows, and this thread only receives them (db/text-rows.ts). `params` are already text.
   * Prepared once under `name` when given. Outside any transaction: a transaction in progress
   * on a connection is waited for.
   */
  readRows(text: string, name: string | undefined, params: readonly (string | null)[]): Promise<(string | null)[][]>;
  /** Stops serving, closes PGlite (its data is on disk), and ends the worker. */
  close(): Promise<void>;
}

/** The worker's answer to a read: its rows, or the database's error (fields as node-postgres names them). */
interface ReadAnswer {
  id: number;
  rows: (string | null)[][] | null;
  error: ({ message?: string } & Record<string, string | undefined>) | null;
}

/**
 * How many nice values the worker thread runs above the API's unless told otherwise
 * (PGLITE_WORKER_NICE; a server at nice 0 has PGlite at 7). On two cores under a load of
 * product pages the API's thread serves both the pages PGlite answers and `GET /`, so the nice
 * value splits that one thread between them: at 6 `GET /` kept 0.50–0.55× its idle rate with
 * product pages at 0.063–0.086 of the ceiling, at 7 0.56–0.66× at 0.049–0.070, at 8 0.71–0.75×
 * at 0.042–0.056. 7 leaves both about as far from their targets
 * (docs/decisions/060-pglite-thread-yields-to-the-api.md).
 */
export const PGLITE_WORKER_NICE = 7;

/** What the worker tells the API's thread. */
interface WorkerMessage {
  ready?: boolean;
  closed?: boolean;
  error?: string;
  thread?: { tid: number; nice: number } | null;
  answer?: ReadAnswer;
}

/**
 * How many reads of rows the API's thread has sent the worker and not had answered, at most
 * (readRows); the rest wait on the API's thread. Two, as the pool's connections (client.ts): the
 * next read is already in the worker when one is answered. Without a bound, 50 connections of
 * product pages had all their reads in the worker at once, and their answers took the API's
 * thread: product pages 3× as many, `GET /` beside them a quarter of its idle rate
 * (docs/decisions/061-pglite-reads-through-the-message-port.md).
 */
const READS_SENT_AT_ONCE = 2;

/** The socket's name is `.s.PGSQL.<port>` in `host`, as node-postgres looks for it. */
const SOCKET_PORT = 5432;

export async function startPgliteWorker(options: {
  dataDir: string;
  /** Statements run once on the database's single session (settings). */
  setup: string[];
  /** How many nice values the worker thread runs above the thread starting it, 0 to 19 (PGLITE_WORKER_NICE by default). */
  niceSteps?: number;
}): Promise<PgliteWorker> {
  // A private folder (mode 0700): nobody else on the machine can open the socket.
  const socketDir = mkdtempSync(join(tmpdir(), 'torget-pglite-'));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      base: import.meta.url,
      dataDir: options.dataDir,
      setup: options.setup,
      niceSteps: options.niceSteps ?? PGLITE_WORKER_NICE,
      socketPath: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    },
  });
  const message = (want: 'ready' | 'closed') =>
    new Promise<WorkerMessage>((resolve, reject) => {
      const onMessage = (m: WorkerMessage) => {
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
  let failure: unknown = null;
  // Reads sent and not answered yet, by id; the names whose text the worker has.
  const reading = new Map<number, { resolve(rows: (string | null)[][]): void; reject(error: Error): void }>();
  const named = new Set<string>();
  let nextRead = 1;
  // Reads waiting for one of those to be answered (READS_SENT_AT_ONCE).
  const unsent: { send(): void; reject(error: Error): void }[] = [];
  const failReads = (why: string) => {
    for (const read of [...reading.values(), ...unsent.splice(0)]) read.reject(new Error(`PGlite worker: ${why}`));
    reading.clear();
  };
  worker.on('error', (error) => {
    failure = error;
    failReads(String(error));
  });
  let stopped = false;
  worker.on('exit', () => {
    stopped = true;
    failReads('it has stopped');
  });
  worker.on('message', (m: WorkerMessage) => {
    const answer = m.answer;
    const read = answer && reading.get(answer.id);
    if (!answer || !read) return;
    reading.delete(answer.id);
    unsent.shift()?.send();
    if (answer.rows) return read.resolve(answer.rows);
    // As node-postgres's DatabaseError: the message, and the code and fields beside it.
    read.reject(Object.assign(new Error(answer.error?.message ?? 'PGlite failed the statement'), answer.error));
  });
  let ready: WorkerMessage;
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
    readRows(text, name, params) {
      if (failure !== null) return Promise.reject(new Error(`PGlite worker: ${String(failure)}`));
      if (stopped) return Promise.reject(new Error('PGlite worker: it has stopped'));
      return new Promise((resolve, reject) => {
        const send = () => {
          const id = nextRead++;
          // The text goes with a name's first read only; the worker keeps it.
          const withText = !name || !named.has(name);
          if (name) named.add(name);
          reading.set(id, { resolve, reject });
          worker.postMessage({ read: { id, name, params, ...(withText ? { text } : {}) } });
        };
        if (reading.size < READS_SENT_AT_ONCE) send();
        else unsent.push({ send, reject });
      });
    },
    async close() {
      stopped = true;
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
