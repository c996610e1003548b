/**
 * Which requests drop which cache entries, said by the request and its handle, never by a
 * statement's text (lib/cache-changes.ts header): a writer request drops what it declared, or
 * everything when it forgot to declare, whichever handle it wrote through; reads drop nothing;
 * a GET drops only when it wrote in a transaction that may write.
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, transaction } from '#api/db/client.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import { dbFor, declareChanges, registerCacheInvalidation } from './cache-changes';
import { localChangeBus } from './change-bus';
import { createReadCache, type ReadCache } from './read-cache';

let database: TestDatabase;
let app: FastifyInstance;
let cache: ReadCache;

const write = sql`insert into declared_check values (1)`;
const read = sql`select count(*)::int as n from declared_check`;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table declared_check (n int)`);
  cache = createReadCache();
  app = Fastify();
  await registerCacheInvalidation(app, { cache, database, bus: localChangeBus, log: app.log });
  // A mutating route that forgot to declare: it must drop everything.
  app.post('/undeclared', async (request) => {
    await dbFor(request).execute(write);
    return { ok: true };
  });
  // The same, writing through the shared reader rather than its own handle.
  app.put('/undeclared-elsewhere', async () => {
    await database.reader.execute(write);
    return { ok: true };
  });
  app.post('/declared', async (request) => {
    declareChanges(request, ['a']);
    await dbFor(request).execute(write);
    return { ok: true };
  });
  app.post('/declared-nothing', async (request) => {
    declareChanges(request, []);
    await dbFor(request).execute(write);
    return { ok: true };
  });
  app.post('/refused', async (_request, reply) => reply.status(400).send({ message: 'no' }));
  app.get('/reads', async (request) => {
    await queryRows(dbFor(request), read);
    await queryRows(database.reader, read);
    await transaction(dbFor(request), (tx) => queryRows(tx, read), { accessMode: 'read only' });
    return { ok: true };
  });
  app.get('/expires', async (request) => {
    await transaction(dbFor(request), (tx) => tx.execute(write));
    declareChanges(request, ['b']);
    return { ok: true };
  });
  app.get('/expires-undeclared', async (request) => {
    await transaction(dbFor(request), (tx) => tx.execute(write));
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

/** Fills entries tagged `a` and `b`, runs the request, answers which entries were dropped. */
async function dropped(method: 'GET' | 'POST' | 'PUT', url: string): Promise<string[]> {
  for (const tag of ['a', 'b']) {
    cache.invalidate([tag]);
    await cache.get(tag, 60_000, async () => 'kept', [tag]);
  }
  await app.inject({ method, url });
  const gone: string[] = [];
  for (const tag of ['a', 'b']) {
    if ((await cache.get(tag, 60_000, async () => 'loaded again', [tag])) !== 'kept') gone.push(tag);
  }
  return gone;
}

describe('a writer request', () => {
  it('that forgot to declare drops everything, whichever handle it wrote through', async () => {
    expect(await dropped('POST', '/undeclared')).toEqual(['a', 'b']);
    expect(await dropped('PUT', '/undeclared-elsewhere')).toEqual(['a', 'b']);
  });

  it('drops what it declared, and nothing when it declared nothing', async () => {
    expect(await dropped('POST', '/declared')).toEqual(['a']);
    expect(await dropped('POST', '/declared-nothing')).toEqual([]);
  });

  it('drops nothing when refused before it ran a statement', async () => {
    expect(await dropped('POST', '/refused')).toEqual([]);
  });
});

describe('an answer loading while a declared write happens', () => {
  it('is not kept: the next read loads again', async () => {
    cache.invalidate(['a']);
    let finish: (value: string) => void = () => {};
    const loading = cache.get('a', 60_000, () => new Promise<string>((resolve) => (finish = resolve)), ['a']);
    await app.inject({ method: 'POST', url: '/declared' });
    finish('read before the write');
    expect(await loading).toBe('read before the write');
    expect(await cache.get('a', 60_000, async () => 'read after the write', ['a'])).toBe('read after the write');
  });
});

describe('a GET', () => {
  it('drops nothing for its reads, read-only transactions included', async () => {
    expect(await dropped('GET', '/reads')).toEqual([]);
  });

  it('that wrote in a transaction drops what it declared, or everything', async () => {
    expect(await dropped('GET', '/expires')).toEqual(['b']);
    expect(await dropped('GET', '/expires-undeclared')).toEqual(['a', 'b']);
  });
});
