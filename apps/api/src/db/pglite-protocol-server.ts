/**
 * A PostgreSQL wire-protocol server for one PGlite, on a Unix socket: the PGlite worker thread
 * serves the API's node-postgres pool with it (pglite-worker-thread.ts).
 *
 * Why not @electric-sql/pglite-socket's PGLiteSocketServer: it hands PGlite each protocol
 * message alone (a prepared read is five: Parse, Bind, Describe, Execute, Sync), each in an
 * event-loop turn of its own and followed by PGlite's file-system sync, and takes one connection
 * at a time through PGlite's one session. Measured on the catalogue's reads that was 0.44–0.77×
 * the speed of the worker before it (docs/decisions/141-pglite-protocol-server.md). This server
 * gathers a connection's messages into units (up to a Sync, a simple Query, a Flush or any other
 * message that asks for an answer) and hands PGlite each unit in ONE call of its public
 * `execProtocolRawStream` (PGlite's backend reads a unit's messages in turn, as PostgreSQL reads
 * its socket, skipping to the Sync after an error), and writes the unit's answer in one write.
 *
 * PGlite is one session, so units run one at a time, in arrival order over all connections; a
 * connection whose unit left the session inside a transaction (or without a ReadyForQuery yet)
 * keeps it: only its own units run until one ends idle, as if the others waited for its locks.
 * Each connection's prepared statements are renamed with a prefix of its own, so two
 * connections' statements never clash; when a connection goes, its statements are deallocated
 * and its open transaction rolled back.
 */
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/** A startup message's protocol version (3.0); the other codes are requests in its place. */
const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSS_ENCRYPTION_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

const PARSE = 0x50;
const BIND = 0x42;
const DESCRIBE = 0x44;
const EXECUTE = 0x45;
const CLOSE = 0x43;
const TERMINATE = 0x58;
const QUERY = 0x51;
/** Describe and Close name a prepared statement ('S') or a portal ('P'). */
const STATEMENT = 0x53;
const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;

/**
 * The extended protocol's messages that wait for the Sync ending their unit; any other message
 * (Sync, Query, Flush, a password) ends the unit it is in.
 */
const UNIT_CONTINUES = new Set([PARSE, BIND, DESCRIBE, EXECUTE, CLOSE]);

/** Largest message taken from a client (PostgreSQL's own limit for most messages is 1 GB). */
const MOST_MESSAGE_BYTES = 256 * 1024 * 1024;

interface Connection {
  socket: Socket;
  /** Put before each of its prepared statements' names. */
  prefix: Buffer;
  /** Its statements' names as the session knows them (with the prefix). */
  statements: Set<string>;
}

type Unit =
  | { connection: Connection; bytes: Uint8Array; cleanup?: never }
  | { connection: Connection; cleanup: true; bytes?: never };

/** A simple-protocol Query message. */
function simpleQuery(text: string): Buffer {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.allocUnsafe(5 + body.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * `message` with the connection's prefix before the prepared statement's name it carries, if it
 * names one (the unnamed statement lives within one unit and needs none), and that new name when
 * the message prepares it (a Parse). Otherwise the message itself.
 */
export function withOwnStatementName(message: Buffer, prefix: Buffer): { message: Buffer; prepared: string | null } {
  const type = message[0];
  let at = -1;
  if (type === PARSE) at = 5;
  else if (type === BIND) at = message.indexOf(0, 5) + 1;
  else if ((type === DESCRIBE || type === CLOSE) && message[5] === STATEMENT) at = 6;
  if (at <= 0 || at >= message.length || message[at] === 0) return { message, prepared: null };
  const renamed = Buffer.allocUnsafe(message.length + prefix.length);
  message.copy(renamed, 0, 0, at);
  prefix.copy(renamed, at);
  message.copy(renamed, at + prefix.length, at);
  renamed.writeInt32BE(renamed.length - 1, 1);
  const prepared = type === PARSE ? renamed.toString('utf8', at, renamed.indexOf(0, at)) : null;
  return { message: renamed, prepared };
}

/**
 * The transaction status of an answer's last ReadyForQuery ('I' idle, 'T' in a transaction, 'E'
 * in a failed one), or null when it has none (a startup still waiting, a Flush's answer).
 */
export function lastReadyStatus(answer: Uint8Array): number | null {
  let status: number | null = null;
  for (let at = 0; at + 5 <= answer.length; ) {
    const length =
      ((answer[at + 1] ?? 0) << 24) |
      ((answer[at + 2] ?? 0) << 16) |
      ((answer[at + 3] ?? 0) << 8) |
      (answer[at + 4] ?? 0);
    if (answer[at] === READY_FOR_QUERY && at + 5 < answer.length) status = answer[at + 5] ?? null;
    at += 1 + length;
  }
  return status;
}

export class PgliteProtocolServer {
  private readonly db: PGlite;
  private readonly path: string;
  private readonly server: Server;
  private readonly connections = new Set<Connection>();
  private readonly waiting: Unit[] = [];
  /** The connection whose transaction the session is in, whose units alone may run. */
  private owner: Connection | null = null;
  private running: Promise<void> | null = null;
  private nextId = 1;

  constructor(options: { db: PGlite; path: string }) {
    this.db = options.db;
    this.path = options.path;
    this.server = createServer((socket) => this.accept(socket));
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.path, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** Closes every connection and waits for the units under way (their cleanup included). */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const connection of this.connections) connection.socket.destroy();
    await closed;
    while (this.running) await this.running;
    rmSync(this.path, { force: true });
  }

  private accept(socket: Socket): void {
    const connection: Connection = {
      socket,
      prefix: Buffer.from(`c${this.nextId++}_`),
      statements: new Set(),
    };
    this.connections.add(connection);
    socket.setNoDelay(true);
    let pending: Buffer = Buffer.alloc(0);
    let started = false;
    let unit: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      // Before the startup message: untyped messages, a length and a code.
      while (!started && pending.length >= 8) {
        const length = pending.readInt32BE(0);
        const code = pending.readInt32BE(4);
        if (length < 8 || length > MOST_MESSAGE_BYTES) return void socket.destroy();
        if (pending.length < length) return;
        const message = Buffer.from(pending.subarray(0, length));
        pending = pending.subarray(length);
        // Encryption is refused ('N'): the socket is a private file, not a network.
        if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST) socket.write('N');
        // PGlite has no other backend to interrupt; the request's connection says nothing more.
        else if (code === CANCEL_REQUEST) return void socket.end();
        else if (code !== PROTOCOL_3) return void socket.destroy();
        else {
          started = true;
          this.queue({ connection, bytes: message });
        }
      }
      if (!started) return;
      let at = 0;
      while (pending.length - at >= 5) {
        const length = 1 + pending.readInt32BE(at + 1);
        if (length < 5 || length > MOST_MESSAGE_BYTES) return void socket.destroy();
        if (pending.length - at < length) break;
        const type = pending[at] ?? 0;
        if (type === TERMINATE) return void socket.end();
        const { message, prepared } = withOwnStatementName(pending.subarray(at, at + length), connection.prefix);
        if (prepared !== null) connection.statements.add(prepared);
        unit.push(message);
        at += length;
        if (!UNIT_CONTINUES.has(type)) {
          // Buffer.concat copies: what PGlite reads is the unit's own, not the socket's buffer.
          this.queue({ connection, bytes: Buffer.concat(unit) });
          unit = [];
        }
      }
      // The rest is kept as a copy: the chunk it lies in may be large.
      pending = at === 0 ? pending : Buffer.from(pending.subarray(at));
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.connections.delete(connection);
      // Its units not yet run go (a unit half received never was queued); its session state is
      // cleaned up in turn with the others' units.
      for (let i = this.waiting.length - 1; i >= 0; i--) {
        if (this.waiting[i]?.connection === connection) this.waiting.splice(i, 1);
      }
      this.queue({ connection, cleanup: true });
    });
  }

  private queue(unit: Unit): void {
    this.waiting.push(unit);
    if (!this.running) {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }
  }

  /** Runs the waiting units one at a time until none may run (or none is left). */
  private async drain(): Promise<void> {
    for (;;) {
      const owner = this.owner;
      const index = owner === null ? 0 : this.waiting.findIndex((unit) => unit.connection === owner);
      if (index < 0 || this.waiting.length === 0) return;
      const [unit] = this.waiting.splice(index, 1);
      if (!unit) return;
      try {
        if (unit.cleanup) await this.cleanUp(unit.connection);
        else await this.run(unit.connection, unit.bytes);
      } catch {
        // PGlite answers a statement's error as an ErrorResponse; a throw here is PGlite itself
        // failing, so the connection is closed (its client sees a connection error).
        if (!unit.cleanup) unit.connection.socket.destroy();
      }
    }
  }

  /** Hands PGlite one unit and writes its answer to the connection in one write. */
  private async run(connection: Connection, bytes: Uint8Array): Promise<void> {
    if (connection.socket.destroyed) return;
    const answer = await this.execute(bytes);
    // The session stays this connection's until an answer ends idle: inside a transaction, and
    // between a Flush and its Sync (no ReadyForQuery yet).
    this.owner = lastReadyStatus(answer) === IDLE ? null : connection;
    if (answer.length > 0 && !connection.socket.destroyed) connection.socket.write(answer);
  }

  /** A connection that went away: its transaction is rolled back and its statements go. */
  private async cleanUp(connection: Connection): Promise<void> {
    if (this.owner === connection) {
      this.owner = null;
      await this.execute(simpleQuery('ROLLBACK'));
    }
    // One at a time: a name whose Parse failed was never prepared, and its error (an answer here,
    // not a throw) must not stop the rest.
    for (const name of connection.statements) await this.execute(simpleQuery(`DEALLOCATE ${quoted(name)}`));
    connection.statements.clear();
  }

  /**
   * PGlite's answer to `bytes`, as a Buffer of its own. Through execProtocolRawStream: the
   * answer's bytes are handed over as they are (execProtocolRaw would also parse every message
   * of it into objects nothing here reads). The chunks are views of PGlite's memory: copied.
   */
  private async execute(bytes: Uint8Array): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(bytes, {
        onRawData: (data) => {
          chunks.push(Buffer.from(data));
        },
      }),
    );
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
  }
}
