/**
 * The read cache drops what a write touched, and only that; two instances on one PostgreSQL
 * database see each other's writes within a second, told by NOTIFY or by Redis pub/sub.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#api/app.ts';
import { type Database, type Db, openDatabase } from '#api/db/client.ts';
import { orders, products } from '#api/db/schema.ts';
import type { Config } from '#api/env.ts';
import { customer, placeOrder, product, shop } from '#api/modules/orders/order-test-kit.ts';
import { adminQuery } from '#api/test/postgres-admin.ts';
import { dropRedisKeys, redisAnswers, TEST_REDIS_URL } from '#api/test/redis.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp, testConfig } from '#api/test/test-app.ts';
import { createServerDatabaseCopy } from '#api/test/test-database.ts';
import { cacheTags } from './cache-changes';

const onPostgres = process.env.TORGET_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

describe('whose write it is', () => {
  it('is said by the handle written through, never by an AsyncLocalStorage (only the benchmark’s counter has one)', () => {
    // An AsyncLocalStorage in use makes Node run a hook for every promise of every request
    // (docs/decisions/055-cache-invalidated-by-what-changed.md); the benchmark's statement counter is on only with
    // BENCH_STATEMENT_COUNT=1.
    const src = join(new URL('.', import.meta.url).pathname, '..');
    const users = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => readFileSync(join(src, file), 'utf8').includes("from 'node:async_hooks'"));
    expect(users).toEqual([join('db', 'statement-counter.ts')]);
  });
});

const productName = async (app: App, path: string) => {
  const res = await app.inject({ method: 'GET', url: path });
  expect(res.statusCode).toBe(200);
  return res.json() as { name?: string; products?: { name: string }[] };
};

describe('one instance: a write drops what it touched, and only that', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const statementsOf = async (url: string) => {
    const before = t.database.statementCount();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return t.database.statementCount() - before;
  };

  it('drops, for an order, the bought product’s page and the lists showing it, keeping the rest', async () => {
    const seller = await shop(t);
    const bought = await product(t, seller.id, { name: 'Köpt kopp', category: 'Koppar', countInStock: 5 });
    const other = await product(t, seller.id, { name: 'Annan kopp', category: 'Koppar' });
    const buyer = await customer(t);
    const kept = [`/api/products/${other.id}`, '/api/products?category=Koppar&name=Annan'];
    for (const url of [`/api/products/${bought.id}`, '/api/products?category=Koppar', ...kept]) {
      await statementsOf(url);
      expect(await statementsOf(url)).toBe(0);
    }
    await placeOrder(t, buyer, [{ product: bought.id, qty: 2 }]);
    for (const url of kept) expect(await statementsOf(url), url).toBe(0);
    const fresh = await t.app.inject({ method: 'GET', url: `/api/products/${bought.id}` });
    expect(fresh.json()).toMatchObject({ countInStock: 3 });
    // The list shows the stock left too.
    const list = (await productName(t.app, '/api/products?category=Koppar')) as { products: object[] };
    expect(list.products).toContainEqual(expect.objectContaining({ name: 'Köpt kopp', countInStock: 3 }));
  });

  const edit = async (token: string, productId: string, payload: object) => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      headers: bearer(token),
      payload,
    });
    expect(put.statusCode).toBe(200);
  };

  it('drops an edited product’s page and its category’s lists, keeping another category’s', async () => {
    const seller = await shop(t, { name: 'Redigeraren' });
    const edited = await product(t, seller.id, { name: 'Före', category: 'Vaser' });
    await product(t, seller.id, { name: 'Orörd', category: 'Lampor' });
    await productName(t.app, `/api/products/${edited.id}`);
    await productName(t.app, '/api/products?category=Vaser');
    await statementsOf('/api/products?category=Lampor');
    await edit(seller.token, edited.id, { name: 'Efter', price: 10, category: 'Vaser', countInStock: 1 });
    expect((await productName(t.app, `/api/products/${edited.id}`)).name).toBe('Efter');
    expect((await productName(t.app, '/api/products?category=Vaser')).products?.map((p) => p.name)).toEqual(['Efter']);
    expect(await statementsOf('/api/products?category=Lampor')).toBe(0);
  });

  it('keeps, for an edit, the lists its product could be in neither before nor after, and drops the rest', async () => {
    const seller = await shop(t, { name: 'Vasmakarna' });
    const edited = await product(t, seller.id, { name: 'Blue vase', category: 'Vases', priceOre: 1000 });
    await product(t, seller.id, { name: 'Glass jar', category: 'Vases', priceOre: 1000 });
    const kept = [
      '/api/products?category=Vases&name=jar', // neither name has the word
      '/api/products?category=Vases&min=500', // neither price is in the range
      '/api/products?category=Vases&max=5',
      '/api/products?name=jar',
      '/api/products?category=Urns', // another category: not even named
    ];
    const dropped = [
      '/api/products?category=Vases&name=vase', // both names match
      '/api/products?category=Vases&name=blue', // the name before
      '/api/products?category=Vases&name=vase&min=15', // the price after
      '/api/products?name=vase',
      '/api/products?category=Vases',
      `/api/products?seller=${seller.id.toUpperCase()}`, // a uuid in upper case names the same seller
      '/api/products?category=Vases&name=bluee', // found through a typo: only the database can tell
      '/api/products?category=Vases&name=reed', // found nothing: a suggestion may come from any name
    ];
    for (const url of [...kept, ...dropped]) {
      await statementsOf(url);
      expect(await statementsOf(url), url).toBe(0);
    }
    await edit(seller.token, edited.id, { name: 'Red vase', price: 20, category: 'Vases', countInStock: 1 });
    for (const url of kept) expect(await statementsOf(url), url).toBe(0);
    for (const url of dropped) expect(await statementsOf(url), url).toBeGreaterThan(0);
    const names = async (url: string) => (await productName(t.app, url)).products?.map((p) => p.name).sort();
    expect(await names('/api/products?category=Vases&name=blue')).toEqual([]);
    expect(await names('/api/products?category=Vases&name=vase&min=15')).toEqual(['Red vase']);
    expect(await names('/api/products?category=Vases&name=jar')).toEqual(['Glass jar']);
  });

  it('keeps a search that found nothing, and drops nothing else for it (its suggestion is read in a read-only transaction)', async () => {
    const seller = await shop(t, { name: 'Tomma sökningar' });
    await product(t, seller.id, { name: 'Porcelain bowl', category: 'Bowls' });
    await statementsOf('/api/products?category=Bowls');
    const nothing = '/api/products?name=bol&category=Plates';
    expect((await productName(t.app, nothing)).products).toEqual([]);
    expect(await statementsOf(nothing)).toBe(0);
    expect(await statementsOf('/api/products?category=Bowls')).toBe(0);
  });

  const review = (token: string, productId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/reviews`,
      headers: bearer(token),
      payload: { rating: 5, comment: 'Fin' },
    });

  it('drops, for a review, the product’s page and the lists showing it or ordered by rating, keeping the rest', async () => {
    const seller = await shop(t, { name: 'Recensenterna' });
    const reviewed = await product(t, seller.id, { name: 'Recenserad', category: 'Skålar' });
    const sibling = await product(t, seller.id, { name: 'Syskon', category: 'Kannor' });
    const buyer = await customer(t, 'Rita Recensent');
    const kept = [
      `/api/products/${sibling.id}`,
      '/api/products?category=Kannor',
      '/api/products?category=Kannor&order=toprated',
    ];
    const dropped = ['/api/products?category=Skålar', '/api/products?order=toprated', '/api/products?rating=1'];
    for (const url of [`/api/products/${reviewed.id}`, ...kept, ...dropped]) await statementsOf(url);

    expect((await review(buyer.token, reviewed.id)).statusCode).toBe(201);
    // Not a verified purchase: the seller's rating did not move, so the sibling's page stays.
    for (const url of kept) expect(await statementsOf(url), url).toBe(0);
    for (const url of dropped) expect(await statementsOf(url), url).toBeGreaterThan(0);
    expect((await productName(t.app, `/api/products/${reviewed.id}`)) as object).toMatchObject({ numReviews: 1 });
    const inCategory = (await productName(t.app, '/api/products?category=Skålar')) as { products: object[] };
    expect(inCategory.products).toEqual([expect.objectContaining({ name: 'Recenserad', numReviews: 1, rating: 5 })]);
  });

  it('drops, for a verified review, wherever the seller’s rating shows, and keeps other sellers’ pages', async () => {
    const seller = await shop(t, { name: 'Verifierade' });
    const bought = await product(t, seller.id, { name: 'Köpt och recenserad', category: 'Fat' });
    const sibling = await product(t, seller.id, { name: 'Syskon i annan kategori', category: 'Muggar' });
    const other = await shop(t, { name: 'Grannen' });
    const neighbour = await product(t, other.id, { name: 'Grannens', category: 'Muggar' });
    const buyer = await customer(t, 'Vera Verifierad');
    const order = await placeOrder(t, buyer, [{ product: bought.id, qty: 1 }]);
    await t.database.db.update(orders).set({ isPaid: true, paidAt: new Date() }).where(eq(orders.id, order._id));
    for (const url of [`/api/products/${sibling.id}`, `/api/products/${neighbour.id}`, '/api/users/top-sellers'])
      await statementsOf(url);
    const muggar = (await productName(t.app, '/api/products?category=Muggar')) as { products: object[] };
    expect(muggar.products).toHaveLength(2);

    expect((await review(buyer.token, bought.id)).json()).toMatchObject({ review: { verified: true } });
    const siblingPage = (await productName(t.app, `/api/products/${sibling.id}`)) as { seller: object };
    expect(siblingPage.seller).toMatchObject({ seller: { rating: 5, numReviews: 1 } });
    const fresh = (await productName(t.app, '/api/products?category=Muggar')) as {
      products: { name: string; seller: object }[];
    };
    expect(fresh.products.find((p) => p.name === sibling.name)?.seller).toMatchObject({ seller: { numReviews: 1 } });
    expect(await statementsOf('/api/users/top-sellers')).toBeGreaterThan(0);
    expect(await statementsOf(`/api/products/${neighbour.id}`)).toBe(0);
  });

  it('drops, when reading an order expires it, only its products’ pages and the lists showing them', async () => {
    const seller = await shop(t, { name: 'Förfallna', paypal: true });
    const held = await product(t, seller.id, { name: 'Hållen', category: 'Förfall', countInStock: 4 });
    const other = await product(t, seller.id, { name: 'Ohållen', category: 'Förfall' });
    const buyer = await customer(t, 'Olle Obetald');
    const { _id: id } = await placeOrder(t, buyer, [{ product: held.id, qty: 3 }], 'PayPal');
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, id));
    for (const url of [
      `/api/products/${held.id}`,
      `/api/products/${other.id}`,
      '/api/products?category=Förfall&name=Ohållen',
    ])
      await statementsOf(url);
    await statementsOf('/api/products?category=Förfall');

    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(buyer.token) });
    expect(read.json()).toMatchObject({ cancelReason: 'expired' });
    expect((await productName(t.app, `/api/products/${held.id}`)) as object).toMatchObject({ countInStock: 4 });
    expect(await statementsOf(`/api/products/${other.id}`)).toBe(0);
    expect(await statementsOf('/api/products?category=Förfall&name=Ohållen')).toBe(0);
    const list = (await productName(t.app, '/api/products?category=Förfall')) as { products: object[] };
    expect(list.products).toContainEqual(expect.objectContaining({ name: 'Hållen', countInStock: 4 }));
  });

  it('drops what background work names, and everything when it fails after writing', async () => {
    const seller = await shop(t, { name: 'Bakgrund' });
    const changed = await product(t, seller.id, { name: 'Ändrad', category: 'Bakgrund' });
    const kept = await product(t, seller.id, { name: 'Kvar', category: 'Bakgrund' });
    const urls = [`/api/products/${changed.id}`, `/api/products/${kept.id}`, '/api/products?category=Bakgrund'];
    for (const url of urls) await statementsOf(url);
    const rename = (db: Db, name: string) => db.update(products).set({ name }).where(eq(products.id, changed.id));
    await t.app.backgroundChanges(
      (db) => rename(db, 'Ändrad igen'),
      () => [cacheTags.product(changed.id)],
    );
    expect((await productName(t.app, `/api/products/${changed.id}`)).name).toBe('Ändrad igen');
    expect(await statementsOf(`/api/products/${kept.id}`)).toBe(0);
    expect(await statementsOf('/api/products?category=Bakgrund')).toBe(0);

    await expect(
      t.app.backgroundChanges(
        async (db) => {
          await rename(db, 'Halvvägs');
          throw new Error('the sweep failed half-way');
        },
        () => [],
      ),
    ).rejects.toThrow('half-way');
    expect(await statementsOf(`/api/products/${kept.id}`)).toBeGreaterThan(0);
    expect((await productName(t.app, `/api/products/${changed.id}`)).name).toBe('Halvvägs');
  });

  it('drops nothing for reads written as WITH (the facets), or for a search looking for typos', async () => {
    const seller = await shop(t, { name: 'Läsaren' });
    await product(t, seller.id, { name: 'Läsbar lampa', category: 'Läsning' });
    await statementsOf('/api/products?category=Läsning');
    expect(await statementsOf('/api/products?category=Läsning')).toBe(0);
    for (const url of ['/api/products/facets?name=lampa', '/api/products/facets', '/api/products?name=lampx']) {
      await statementsOf(url);
    }
    expect(await statementsOf('/api/products?category=Läsning')).toBe(0);
  });

  it('drops everything on a write from outside a request (a test, a background sweep)', async () => {
    const seller = await shop(t, { name: 'Direkt' });
    const direct = await product(t, seller.id, { name: 'Direkt', category: 'Direkt' });
    await statementsOf('/api/products?category=Direkt');
    await product(t, seller.id, { name: 'Direkt två', category: 'Direkt' });
    const list = await productName(t.app, '/api/products?category=Direkt');
    expect(list.products?.map((p) => p.name).sort()).toEqual(['Direkt', 'Direkt två']);
    expect(direct.id).toBeTruthy();
  });
});

/** Two apps, each with its own connections, on one PostgreSQL database. */
async function twoInstances(overrides: Partial<Config>) {
  const url = process.env.TEST_DATABASE_URL as string;
  const created = await createServerDatabaseCopy(url, 'test', { migrated: true });
  const made: { app: App; database: Database; dir: string }[] = [];
  for (const _ of [1, 2]) {
    const dir = mkdtempSync(join(tmpdir(), 'torget-multi-'));
    const database = await openDatabase({ url: created.url, poolSize: 5 });
    const app = await buildApp({ database, config: testConfig(dir, overrides), mailer: { send: async () => {} } });
    await app.ready();
    made.push({ app, database, dir });
  }
  const [a, b] = made as [(typeof made)[0], (typeof made)[0]];
  return {
    a,
    b,
    async close() {
      for (const m of made) {
        await m.app.close();
        await m.database.close();
        rmSync(m.dir, { recursive: true, force: true });
      }
      await adminQuery(url, `drop database if exists ${created.name} with (force)`);
    },
  };
}

/** Polls `read` until it answers `want`, for at most `ms`; answers how long it took. */
async function seenWithin(ms: number, read: () => Promise<unknown>, want: unknown): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (JSON.stringify(await read()) === JSON.stringify(want)) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function editOnASeenOnB(instances: Awaited<ReturnType<typeof twoInstances>>) {
  const { a, b } = instances;
  const { createSeller, createProduct } = await import('#api/test/fixtures.ts');
  const { user } = await createSeller(a.database.db);
  const item = await createProduct(a.database.db, user.id, { name: 'Gammalt namn', category: 'Delat' });
  const token = (await signInAs(a.app, user.email)).token;
  // B keeps the page and the list (asked until a read costs no statement: the notice of the
  // product's creation may drop what B kept at its first read).
  expect((await productName(b.app, `/api/products/${item.id}`)).name).toBe('Gammalt namn');
  await productName(b.app, '/api/products?category=Delat');
  const statementsOfAReadOnB = async () => {
    const before = b.database.statementCount();
    await productName(b.app, `/api/products/${item.id}`);
    return b.database.statementCount() - before;
  };
  await seenWithin(1000, statementsOfAReadOnB, 0);

  const put = await a.app.inject({
    method: 'PUT',
    url: `/api/products/${item.id}`,
    headers: bearer(token),
    payload: { name: 'Nytt namn', price: 12, category: 'Delat', countInStock: 4 },
  });
  expect(put.statusCode).toBe(200);
  const page = await seenWithin(
    1000,
    async () => (await productName(b.app, `/api/products/${item.id}`)).name,
    'Nytt namn',
  );
  const list = await seenWithin(
    1000,
    async () => (await productName(b.app, '/api/products?category=Delat')).products?.map((p) => p.name),
    ['Nytt namn'],
  );
  return { page, list };
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL, told by NOTIFY', () => {
  it('a product edited through A is seen fresh through B within a second', async () => {
    const instances = await twoInstances({});
    try {
      await editOnASeenOnB(instances);
    } finally {
      await instances.close();
    }
  });
});

describe.skipIf(!onPostgres)('two instances on one PostgreSQL, told by Redis', () => {
  it('a product edited through A is seen fresh through B within a second', async (context) => {
    if (!(await redisAnswers())) {
      context.skip('Redis on 127.0.0.1:6379 does not answer (CI starts it: .ci/run)');
      return;
    }
    const prefix = `torget-test-${randomBytes(6).toString('hex')}:`;
    const instances = await twoInstances({ redisUrl: TEST_REDIS_URL, redisKeyPrefix: prefix });
    try {
      await editOnASeenOnB(instances);
    } finally {
      await instances.close();
      await dropRedisKeys(prefix);
    }
  });
});

/**
 * A listing removed by moderation, or hidden by its seller, through A: B's kept product page and
 * lists drop it within a second (docs/decisions/243-hidden-and-removed-products.md).
 */
async function goneOnB(instances: Awaited<ReturnType<typeof twoInstances>>, how: 'removed' | 'hidden') {
  const { a, b } = instances;
  const { createSeller, createProduct, createUser } = await import('#api/test/fixtures.ts');
  const { reports } = await import('#api/db/schema.ts');
  const { user } = await createSeller(a.database.db);
  const category = `Delat-${how}`;
  const item = await createProduct(a.database.db, user.id, { name: `Synlig ${how}`, category });
  const status = async (path: string) => (await b.app.inject({ method: 'GET', url: path })).statusCode;
  const names = async () =>
    (await productName(b.app, `/api/products?category=${category}`)).products?.map((p) => p.name);
  // B keeps the page and the list: read again, they cost no statement. The notice of the
  // product's creation may reach B after its first read and drop what it kept then, so B is
  // asked until a read costs nothing.
  expect(await status(`/api/products/${item.id}`)).toBe(200);
  expect(await names()).toEqual([`Synlig ${how}`]);
  const statementsOfAReadOnB = async () => {
    const before = b.database.statementCount();
    await status(`/api/products/${item.id}`);
    await names();
    return b.database.statementCount() - before;
  };
  await seenWithin(1000, statementsOfAReadOnB, 0);

  if (how === 'removed') {
    const admin = await createUser(a.database.db, { isAdmin: true });
    const [report] = await a.database.db
      .insert(reports)
      .values({
        productId: item.id,
        productName: item.name,
        sellerId: user.id,
        category: 'scam',
        text: 'Bedrägeri här.',
        reporterEmail: 'a@example.se',
      })
      .returning({ id: reports.id });
    const decided = await a.app.inject({
      method: 'PUT',
      url: `/api/reports/${report?.id}`,
      headers: bearer((await signInAs(a.app, admin.email)).token),
      payload: { decision: 'remove', reason: 'Bedrägeri.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
  } else {
    const put = await a.app.inject({
      method: 'PUT',
      url: `/api/products/${item.id}`,
      headers: bearer((await signInAs(a.app, user.email)).token),
      payload: { name: item.name, price: 12, category, countInStock: 4, hidden: true },
    });
    expect(put.statusCode, put.body).toBe(200);
  }
  await seenWithin(1000, () => status(`/api/products/${item.id}`), 404);
  await seenWithin(1000, names, []);
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL: a listing out of public view', () => {
  for (const how of ['removed', 'hidden'] as const) {
    it(`a listing ${how} through A is gone through B within a second`, async () => {
      const instances = await twoInstances({});
      try {
        await goneOnB(instances, how);
      } finally {
        await instances.close();
      }
    });
  }
});
