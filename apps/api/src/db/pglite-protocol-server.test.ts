import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './open-pglite';
import { lastReadyStatus, PgliteProtocolServer, withOwnStatementName } from './pglite-protocol-server';

// The server speaks to raw sockets here: these tests send the wire protocol's bytes themselves,
// split and cut where a client library never would.

const message = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
};
const cstring = (text: string) => Buffer.from(`${text}\0`);
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const parse = (name: string, sql: string) => message('P', cstring(name), cstring(sql), int16(0));
const bind = (name: string) => message('B', cstring(''), cstring(name), int16(0), int16(0), int16(0));
const execute = () => message('E', cstring(''), Buffer.alloc(4));
const sync = () => message('S');
const query = (sql: string) => message('Q', cstring(sql));

function startup(): Buffer {
  const body = Buffer.concat([
    cstring('user'),
    cstring('postgres'),
    cstring('database'),
    cstring('postgres'),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, body]);
}

/** An answer's messages: each one's type and body. */
function messagesOf(answer: Buffer): { type: string; body: Buffer }[] {
  const list = [];
  for (let at = 0; at + 5 <= answer.length; ) {
    const end = at + 1 + answer.readInt32BE(at + 1);
    list.push({ type: String.fromCharCode(answer[at] ?? 0), body: answer.subarray(at + 5, end) });
    at = end;
  }
  return list;
}

/** A raw client: sends bytes (in the pieces given) and reads up to the next ReadyForQuery. */
class RawClient {
  private received = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiter?.();
    });
  }
  static async open(path: string): Promise<RawClient> {
    const socket = connect(path);
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const client = new RawClient(socket);
    await client.send([startup()]);
    return client;
  }
  /** Writes each piece in an event-loop turn of its own, so they arrive as separate chunks. */
  async write(pieces: Buffer[]): Promise<void> {
    for (const piece of pieces) {
      await new Promise<void>((resolve) => this.socket.write(piece, () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  async send(pieces: Buffer[]): Promise<{ type: string; body: Buffer }[]> {
    await this.write(pieces);
    const deadline = Date.now() + 5000;
    while (!this.endsWithReady()) {
      if (Date.now() > deadline) throw new Error('no ReadyForQuery');
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
        setTimeout(resolve, 50);
      });
    }
    const answer = this.received;
    this.received = Buffer.alloc(0);
    return messagesOf(answer);
  }
  /** Whether what came so far is whole messages, the last a ReadyForQuery. */
  private endsWithReady(): boolean {
    let at = 0;
    let last = 0;
    while (at + 5 <= this.received.length) {
      last = at;
      at += 1 + this.received.readInt32BE(at + 1);
    }
    return at === this.received.length && this.received[last] === 0x5a;
  }
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.destroy();
    });
  }
}

/** An answer's message types, without ParameterStatus ('S'), which a server may send at any time. */
const types = (answer: { type: string }[]) =>
  answer
    .map((m) => m.type)
    .filter((type) => type !== 'S')
    .join('');
const firstValue = (answer: { type: string; body: Buffer }[]) => {
  const row = answer.find((m) => m.type === 'D');
  if (!row) return null;
  const length = row.body.readInt32BE(2);
  return row.body.toString('utf8', 6, 6 + length);
};

describe('PgliteProtocolServer', () => {
  let db: PGlite;
  let server: PgliteProtocolServer;
  let dir: string;
  let path: string;

  beforeAll(async () => {
    db = await openPglite({ dataDir: 'memory://' });
    await db.exec('create table t (n int)');
    dir = mkdtempSync(join(tmpdir(), 'torget-pglite-server-'));
    path = join(dir, '.s.PGSQL.5432');
    server = new PgliteProtocolServer({ db, path });
    await server.start();
  }, 60_000);

  afterAll(async () => {
    await server.stop();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a unit that arrives split across many chunks, once its Sync is in', async () => {
    const client = await RawClient.open(path);
    const unit = Buffer.concat([parse('', 'select 40 + 2 as n'), bind(''), execute(), sync()]);
    // Cut in pieces of 3 bytes: messages and even their length fields are split.
    const pieces = [];
    for (let at = 0; at < unit.length; at += 3) pieces.push(unit.subarray(at, at + 3));
    const answer = await client.send(pieces);
    expect(types(answer)).toBe('12DCZ');
    expect(firstValue(answer)).toBe('42');
    await client.close();
  });

  it('answers an error mid-unit as a PostgreSQL error, skips to the Sync, and runs the next unit', async () => {
    const client = await RawClient.open(path);
    const bad = await client.send([parse('', 'select * from no_such_table'), bind(''), execute(), sync()]);
    expect(types(bad)).toBe('EZ');
    expect(bad[0]?.body.toString()).toContain('42P01');
    expect(bad[1]?.body.toString()).toBe('I');
    const good = await client.send([parse('s', 'select 7'), bind('s'), execute(), sync()]);
    expect(types(good)).toBe('12DCZ');
    expect(firstValue(good)).toBe('7');
    await client.close();
  });

  it('keeps two connections’ statements of the same name apart', async () => {
    const a = await RawClient.open(path);
    const b = await RawClient.open(path);
    await a.send([parse('same', "select 'a'"), sync()]);
    await b.send([parse('same', "select 'b'"), sync()]);
    expect(firstValue(await a.send([bind('same'), execute(), sync()]))).toBe('a');
    expect(firstValue(await b.send([bind('same'), execute(), sync()]))).toBe('b');
    await a.close();
    await b.close();
  });

  it('drops a unit cut off by its client going away, rolls back its transaction, frees its statements', async () => {
    const a = await RawClient.open(path);
    await a.send([parse('kept', 'select 1'), sync()]);
    expect(types(await a.send([query('begin; insert into t values (1)')]))).toContain('Z');
    // Half a unit, without its Sync: an insert that must never run.
    await a.write([parse('', 'insert into t values (2)'), bind(''), execute()]);
    await a.close();

    const b = new pg.Client({ host: dir, port: 5432, user: 'postgres', database: 'postgres' });
    await b.connect();
    try {
      // Answered at all: the session is no longer held by a's transaction.
      expect((await b.query('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
      const prepared = await b.query("select name from pg_prepared_statements where name like '%kept'");
      expect(prepared.rows).toEqual([]);
    } finally {
      await b.end();
    }
  });

  it('refuses encryption with N and then serves the startup that follows', async () => {
    const socket = connect(path);
    await new Promise((resolve) => socket.once('connect', resolve));
    const first = new Promise<Buffer>((resolve) => socket.once('data', resolve));
    const ssl = Buffer.alloc(8);
    ssl.writeInt32BE(8, 0);
    ssl.writeInt32BE(80877103, 4);
    socket.write(ssl);
    expect((await first).toString()).toBe('N');
    const client = new RawClient(socket);
    expect(types(await client.send([startup()]))).toMatch(/^R.*Z$/);
    expect(firstValue(await client.send([query('select 5')]))).toBe('5');
    await client.close();
  });
});

describe('the protocol server’s helpers', () => {
  it('prefixes the statement a Parse, Bind or Describe names, and leaves the unnamed one', () => {
    const prefix = Buffer.from('c9_');
    const renamed = withOwnStatementName(parse('s1', 'select 1'), prefix);
    expect(renamed.prepared).toBe('c9_s1');
    expect(renamed.message.readInt32BE(1)).toBe(renamed.message.length - 1);
    expect(withOwnStatementName(bind('s1'), prefix).message.includes('c9_s1\0')).toBe(true);
    const unnamed = parse('', 'select 1');
    expect(withOwnStatementName(unnamed, prefix)).toEqual({ message: unnamed, prepared: null });
  });

  it('reads the last ReadyForQuery’s status, or null without one', () => {
    expect(lastReadyStatus(Buffer.concat([message('1'), message('Z', Buffer.from('T'))]))).toBe('T'.charCodeAt(0));
    expect(lastReadyStatus(message('1'))).toBeNull();
  });
});
