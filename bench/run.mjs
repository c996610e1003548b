// npm run bench [-- --products 1000000] [--quick] [--duration 10] [--connections 50] [--no-pglite] [--profile]
//                [--instances 2] [--perf-map]
//
// Seeds a large marketplace into a fresh PostgreSQL database (on BENCH_DATABASE_URL's server,
// default postgres://postgres@127.0.0.1:5432), starts the production build of the API on it,
// and drives it with autocannon beside a bare Fastify server (the ceiling). Prints a table and
// writes it as JSON to bench/results/<timestamp>.json. Then runs the read endpoints once on
// embedded PGlite (a smaller marketplace) for the demo mode's figures. Every load goes to
// 127.0.0.1 and is bounded in time.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { SignJWT } from 'jose';
import pg from 'pg';
import { API_NODE_OPTIONS, buildIfStale, root } from '../scripts/lib.mjs';
import { nginxPath, startBalancer } from '../scripts/nginx-balancer.mjs';
import {
  apiEnvironment,
  cpuPerRequest,
  cpuTicks,
  freePort,
  latencyAlone,
  load,
  loadAverage,
  loadByKind,
  machine,
  pick,
  startCeiling,
  startNode,
  stopChild,
  waitForOk,
} from './lib.mjs';
import {
  buyerOrder,
  CATEGORIES,
  defaultCounts,
  NOUNS,
  pgliteCounts,
  productIds,
  REVOKED_EVERY,
  seededId,
  seedStatements,
  sellerOfProduct,
} from './seed.mjs';
import { seedPglite } from './seed-pglite.mjs';
import { sqlDefinitionScripts } from './sql-definitions.mjs';
import { setStock } from './stock.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    'no-pglite': { type: 'boolean', default: false },
    'no-uncached': { type: 'boolean', default: false },
    'pglite-products': { type: 'string', default: '10000' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    // Reuse a database a run kept (--keep) instead of seeding a new one; it is never dropped.
    database: { type: 'string' },
    // Writes a V8 CPU profile of each API server to bench/results/profiles/ (open it in Chrome's
    // DevTools, or `node bench/profile-top.mjs FILE` for the functions that cost most).
    profile: { type: 'boolean', default: false },
    // Has each API server write /tmp/perf-PID.map, so `perf record -g` and `perf report` name its
    // JavaScript functions. V8's profile samples wall time and, on a machine whose threads wait
    // for the core, counts waiting as work; perf counts CPU.
    'perf-map': { type: 'boolean', default: false },
    // Also the read rows through nginx in front of this many API instances (one database, and
    // Redis on 127.0.0.1:6379 when it answers), beside the same rows on one instance.
    instances: { type: 'string', default: '1' },
    // The share of the mixed workload's reads that are searches (the rest are product pages):
    // 1 or 0 shows what each kind costs beside the writes.
    'mixed-searches': { type: 'string', default: '0.5' },
    // The mixed workload's writes as a share of its requests (2 %, the share its targets assume),
    // or `free`: its two writing connections as fast as they are answered (3–8 %).
    'mixed-writes': { type: 'string', default: '0.02' },
  },
});
const productCount = Number(args.products);
const searchShare = Number(args['mixed-searches']);
if (!(searchShare >= 0 && searchShare <= 1)) throw new Error('--mixed-searches is a share from 0 to 1');
const writeShare = args['mixed-writes'] === 'free' ? null : Number(args['mixed-writes']);
if (writeShare !== null && !(writeShare > 0 && writeShare < 1))
  throw new Error('--mixed-writes is a share between 0 and 1, or free');
const duration = Number(args.duration ?? (args.quick ? 3 : 10));
const warmup = args.quick ? 1 : 3;
const connections = Number(args.connections);
// --only: a comma list of endpoint names or their beginnings ('search: full' is all four full
// searches; names holding a comma cannot be given whole).
const onlyNames = args.only
  ? args.only
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
  : null;
const chosen = (name) => !onlyNames || onlyNames.some((wanted) => name.startsWith(wanted));

const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const jwtSecret = randomBytes(32).toString('hex');
const work = mkdtempSync(join(tmpdir(), 'torget-bench-'));
const children = new Set();
/** The database this run made, dropped at the end (unless --keep). */
let benchDatabase = null;
const startedAt = new Date();
const loadBefore = loadAverage();

function log(message) {
  console.log(`[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(4)} s] ${message}`);
}

// ── the database ────────────────────────────────────────────────────────────────────────────

async function adminQuery(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops the secondary indexes of the big tables, runs `work`, and builds them again (faster). */
async function withoutIndexes(client, run) {
  const { rows } = await client.query(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename in ('products', 'reviews', 'orders', 'order_items')
       and indexname not like '%\\_pkey'`,
  );
  for (const { indexname } of rows) await client.query(`drop index "${indexname}"`);
  await run();
  for (const { indexdef } of rows) await client.query(indexdef);
}

async function seedPostgres(url, counts) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query('set synchronous_commit = off');
    // The seed is consistent by construction: skip the foreign-key checks where we may
    // (superuser); the products' seller status is then set by the seed, not the trigger.
    await client.query('set session_replication_role = replica').catch(() => {});
    const { rows } = await client.query(
      `select 1 from information_schema.columns where table_name = 'products' and column_name = 'seller_active'`,
    );
    await withoutIndexes(client, async () => {
      for (const statement of seedStatements(counts, { sellerActiveColumn: rows.length > 0 })) {
        const started = Date.now();
        await client.query(statement);
        if (Date.now() - started > 2000)
          log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: ${statement.trim().slice(0, 40)}…`);
      }
    });
    // The seed ran with triggers off (replica role): the catalogue's counters (migration 0007)
    // are counted once from the products.
    await client.query(`select catalogue_counts_rebuild() where to_regproc('catalogue_counts_rebuild') is not null`);
    // …and so are the names' words (migration 0011).
    await client.query(`select product_words_rebuild() where to_regproc('product_words_rebuild') is not null`);
    // …and the products per day (migration 0014).
    await client.query(
      `select catalogue_day_counts_rebuild() where to_regproc('catalogue_day_counts_rebuild') is not null`,
    );
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

async function createBenchDatabase(counts) {
  if (args.database) {
    const url = new URL(serverUrl);
    url.pathname = `/${args.database}`;
    // A kept database holds the dead rows of the runs before (orders, reviews, edits, the
    // counters' compactions), and this machine's server runs without autovacuum (its CI
    // configuration): vacuumed as autovacuum would have, each run starts from the same state.
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
    return { name: args.database, url: url.toString(), seedSeconds: 0 };
  }
  const name = `torget_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  benchDatabase = name;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    await migratePg(drizzlePg(pool), { migrationsFolder: join(root, 'apps/api/drizzle') });
    // A statement without parameters goes by the simple protocol, which takes a whole script.
    for (const script of sqlDefinitionScripts()) await pool.query(script);
  } finally {
    await pool.end();
  }
  const started = Date.now();
  await seedPostgres(url.toString(), counts);
  return { name, url: url.toString(), seedSeconds: (Date.now() - started) / 1000 };
}

// ── the servers ─────────────────────────────────────────────────────────────────────────────

/**
 * The API's settings a run may be given from its own environment (a pool size, a cache size,
 * PGlite's nice), passed to every API server it starts and written into the result file, so a
 * file says what it was measured with.
 */
const passedThrough = Object.fromEntries(
  ['DATABASE_POOL_SIZE', 'DATABASE_POOL_READS', 'READ_CACHE_ENTRIES', 'READ_CACHE_MB', 'PGLITE_WORKER_NICE']
    .filter((name) => process.env[name])
    .map((name) => [name, process.env[name]]),
);

async function startApi({ databaseUrl, dataDir, countStatements, noCache, extraEnv = {} }) {
  const port = await freePort();
  const env = {
    ...apiEnvironment({ port, dataDir, jwtSecret }),
    // The order scenario places thousands of orders from one account and address on purpose.
    RATE_LIMIT_ORDERS_PER_ACCOUNT: '100000000/1m',
    RATE_LIMIT_ORDERS_PER_ADDRESS: '100000000/1m',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(countStatements ? { BENCH_STATEMENT_COUNT: '1' } : {}),
    ...(noCache ? { READ_CACHE: 'off' } : {}),
    ...passedThrough,
    ...extraEnv,
  };
  const profiling = [
    ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'bench/results/profiles')}`] : []),
    ...(args['perf-map'] ? ['--perf-basic-prof', '--interpreted-frames-native-stack'] : []),
  ];
  const child = startNode([...API_NODE_OPTIONS, ...profiling, join(root, 'apps/api/dist/server.js')], {
    env,
    cwd: root,
    logFile: join(work, 'api.log'),
  });
  children.add(child);
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/api/health`, 120_000, child);
  return { child, origin };
}

async function stop(child) {
  await stopChild(child);
  children.delete(child);
}

// ── the endpoints ───────────────────────────────────────────────────────────────────────────

function activeSellerIds(counts) {
  const ids = [];
  for (let s = 1; s <= counts.sellers; s++) if (s % REVOKED_EVERY !== 0) ids.push(seededId('seller', s));
  return ids;
}

const get = (path) => ({ method: 'GET', path });
const query = (params) => `/api/products?${new URLSearchParams(params)}`;

/** The deepest page the deep-page run asks for: page 2000, or less on a smaller marketplace. */
function deepPage(counts) {
  const perCategory = counts.products / CATEGORIES.length;
  return Math.max(2, Math.min(2000, Math.floor((perCategory / 12) * 0.9)));
}

/** The word with two neighbouring letters swapped ("lmap" for "lamp"): a typo as typed. */
function withTypo(word) {
  const at = 1 + Math.floor(Math.random() * (word.length - 2));
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/**
 * The read endpoints: name, target (ratio of the ceiling, p99 ms), and a request maker. The
 * search terms, categories, products and sellers rotate, as real traffic does.
 */
function readEndpoints(counts) {
  const products = productIds(counts, 20_000);
  const sellers = activeSellerIds(counts);
  const full = (order) => () =>
    get(query({ name: pick(NOUNS), category: pick(CATEGORIES), min: 100, max: 500, rating: 3, order }));
  const deep = deepPage(counts);
  return [
    {
      name: 'product details',
      uncached: true,
      instances: true,
      target: { ratio: 0.15, p99: 50 },
      make: () => get(`/api/products/${pick(products)}`),
    },
    {
      // The same product as a page: index.html with its title, preview tags and JSON-LD written
      // in (apps/api/src/seo/); its target is at least 0.8× the JSON read's rate.
      name: 'product page (server-written tags)',
      uncached: true,
      target: { ratio: 0.15, p99: 50 },
      make: () => get(`/product/${pick(products)}`),
    },
    { name: 'home: top sellers', target: { ratio: 0.15, p99: 50 }, make: () => get('/api/users/top-sellers') },
    {
      name: 'home: products page 1',
      instances: true,
      target: { ratio: 0.15, p99: 50 },
      make: () => get('/api/products'),
    },
    { name: 'categories', target: { ratio: 0.15, p99: 50 }, make: () => get('/api/products/categories') },
    {
      name: 'search: name',
      target: { ratio: 0.08, p99: 100 },
      search: true,
      make: () => get(query({ name: pick(NOUNS) })),
    },
    { name: 'search: full, newest', target: { ratio: 0.08, p99: 100 }, search: true, make: full('newest') },
    { name: 'search: full, lowest', target: { ratio: 0.08, p99: 100 }, search: true, make: full('lowest') },
    { name: 'search: full, highest', target: { ratio: 0.08, p99: 100 }, search: true, make: full('highest') },
    { name: 'search: full, toprated', target: { ratio: 0.08, p99: 100 }, search: true, make: full('toprated') },
    {
      name: 'storefront',
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ seller: pick(sellers), pageNumber: 1 })),
    },
    {
      name: 'category page 1',
      alone: true,
      instances: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ category: pick(CATEGORIES), pageNumber: 1 })),
    },
    {
      name: `category page ${deep}`,
      alone: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ category: pick(CATEGORIES), pageNumber: deep })),
    },
    { name: 'SPA index (/)', uncached: true, target: { ratio: 0.15, p99: 50 }, make: () => get('/') },
    // The rest of the catalogue's reads, measured without the cache too.
    {
      name: 'search: name, few matches',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ name: `${pick(NOUNS)} ${Math.floor(Math.random() * 9000) + 1000}` })),
    },
    {
      // A typo (two letters swapped): found through the names' trigrams, or nothing found and a
      // suggestion looked for among the names' words.
      name: 'search: name, typo',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ name: withTypo(pick(NOUNS)) })),
    },
    {
      name: 'search: name, best match',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ name: pick(NOUNS), order: 'relevance' })),
    },
    { name: 'search: full, relevance', target: { ratio: 0.08, p99: 100 }, search: true, make: full('relevance') },
    {
      name: 'suggest',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => {
        const noun = pick(NOUNS);
        return get(
          `/api/products/suggest?${new URLSearchParams({ q: noun.slice(0, 2 + Math.floor(Math.random() * (noun.length - 1))) })}`,
        );
      },
    },
    {
      name: 'suggest: shop',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(`/api/products/suggest?q=${encodeURIComponent(`shop ${Math.floor(Math.random() * 99) + 1}`)}`),
    },
    {
      name: 'facets: no filter',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get('/api/products/facets'),
    },
    {
      name: 'facets: name',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(`/api/products/facets?${new URLSearchParams({ name: pick(NOUNS) })}`),
    },
    {
      name: 'facets: full',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () =>
        get(
          `/api/products/facets?${new URLSearchParams({ name: pick(NOUNS), category: pick(CATEGORIES), min: '100', max: '500', rating: '3' })}`,
        ),
    },
  ];
}

/** The same request with pageSize 100 instead of the default 12, for the statement check. */
function withBigPage(request) {
  if (!request.path.startsWith('/api/products?')) return null;
  const url = new URL(request.path, 'http://x');
  url.searchParams.set('pageSize', '100');
  return { ...request, path: `${url.pathname}${url.search}` };
}

async function statementsOf(origin, request) {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`${request.method} ${request.path} answered ${response.status}`);
  const header = response.headers.get('x-sql-statements');
  return header === null ? null : Number(header);
}

async function orderEndpoint(counts) {
  const { headers, bodyFor } = await buyerOrder(jwtSecret);
  const pool = productIds(counts, 1000);
  return {
    pool,
    make: () => ({ method: 'POST', path: '/api/orders', headers, body: bodyFor(pick(pool)) }),
    makeFor: (product) => () => ({ method: 'POST', path: '/api/orders', headers, body: bodyFor(product) }),
  };
}

async function stockOf(databaseUrl, ids) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One statement, so one snapshot: stock taken and lines written commit together.
    const { rows } = await client.query(
      `select (select coalesce(sum(count_in_stock), 0) from products where id = any($1))::bigint as stock,
              (select coalesce(sum(qty), 0) from order_items where product_id = any($1))::bigint as sold,
              (select count(*) from products where count_in_stock < 0)::int as negative`,
      [ids],
    );
    return { stock: Number(rows[0].stock), sold: Number(rows[0].sold), negative: rows[0].negative };
  } finally {
    await client.end();
  }
}

// ── the runs ────────────────────────────────────────────────────────────────────────────────

/**
 * A warm-up, then the measured run; with `pid` (the API server's), also where the run's CPU went,
 * in microseconds per request (cpuTicks: api, postgres, load, other).
 */
async function measure(origin, make, options = {}) {
  await load(origin, make, { connections, duration: warmup });
  const before = options.pid ? cpuTicks(options.pid) : null;
  const figures = await load(origin, make, { connections, duration: options.duration ?? duration });
  const cpu = options.pid ? cpuPerRequest(before, cpuTicks(options.pid), figures.requests) : null;
  return cpu ? { ...figures, cpu } : figures;
}

/**
 * Reads every relation of the database once, into the operating system's page cache
 * (pg_prewarm's 'read' mode), so that every row measures a serving database, as warm as one is
 * after its first minutes. Without it a kept database's files were partly on disk only: the
 * mixed row's reads waited for the disk (vmstat: 2–9 MB/s read, up to 27 % iowait) and its p99
 * went from about 60 ms to 170–290. The database here is
 * a few GB, far less than the machine's memory. Answers the seconds and MB read, or null where
 * the server has no pg_prewarm (a server without PostgreSQL's contrib modules).
 */
async function warmDatabase(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_prewarm');
    const started = Date.now();
    const { rows } = await client.query(
      `select coalesce(sum(pg_prewarm(c.oid, 'read')), 0)::bigint * current_setting('block_size')::bigint as bytes
       from pg_class c where c.relkind in ('r', 'i', 't', 'm') and c.relpersistence = 'p'`,
    );
    return { seconds: (Date.now() - started) / 1000, megabytes: Math.round(Number(rows[0].bytes) / 1e6) };
  } catch (error) {
    log(`not warmed (${error.message}): rows may wait for the disk`);
    return null;
  } finally {
    await client.end();
  }
}

async function runPostgres(counts) {
  log(`creating and seeding a database with ${counts.products.toLocaleString('en')} products…`);
  const database = await createBenchDatabase(counts);
  log(`seeded in ${database.seedSeconds.toFixed(1)} s (${database.name})`);
  const warmed = await warmDatabase(database.url);
  if (warmed) log(`read ${warmed.megabytes} MB into the page cache in ${warmed.seconds.toFixed(1)} s`);
  const result = { database: database.name, seedSeconds: database.seedSeconds, warmed, rows: [] };
  const endpoints = readEndpoints(counts);
  const order = await orderEndpoint(counts);
  const dataDir = join(work, 'pg-data');

  // Statements per request, one request at a time, on a server that counts them.
  const counting = await startApi({ databaseUrl: database.url, dataDir, countStatements: true });
  const statements = {};
  for (const endpoint of endpoints) {
    const request = endpoint.make();
    const big = withBigPage(request);
    statements[endpoint.name] = {
      perRequest: await statementsOf(counting.origin, request),
      pageSize100: big ? await statementsOf(counting.origin, big) : null,
    };
  }
  statements['place order'] = { perRequest: await statementsOf(counting.origin, order.make()), pageSize100: null };
  await stop(counting.child);

  // The load runs, on a server that does not count (the counting costs a little).
  const ceiling = await startCeiling(join(root, 'bench/ceiling.mjs'), join(work, 'ceiling.log'));
  children.add(ceiling.child);
  const api = await startApi({ databaseUrl: database.url, dataDir });
  const ceilingRuns = [];
  log('ceiling (bare Fastify)…');
  ceilingRuns.push(await measure(ceiling.url, () => get('/')));

  for (const endpoint of endpoints) {
    if (!chosen(endpoint.name)) continue;
    log(`${endpoint.name}…`);
    const figures = await measure(api.origin, endpoint.make, { pid: api.child.pid });
    const row = { name: endpoint.name, target: endpoint.target, ...figures, ...statements[endpoint.name] };
    if (endpoint.search || endpoint.alone)
      row.alone = await latencyAlone(api.origin, endpoint.make, args.quick ? 1 : 3);
    result.rows.push(row);
  }

  // The same reads without the read cache: what every cache miss costs.
  if (!args['no-uncached']) {
    const bare = await startApi({ databaseUrl: database.url, dataDir, noCache: true });
    for (const endpoint of endpoints) {
      if (endpoint.uncached || !chosen(endpoint.name)) continue;
      log(`${endpoint.name}, no cache…`);
      const figures = await measure(bare.origin, endpoint.make, { pid: bare.child.pid });
      const row = { name: `${endpoint.name} (no cache)`, noCache: true, target: noCacheTarget(endpoint), ...figures };
      row.alone = await latencyAlone(bare.origin, endpoint.make, args.quick ? 1 : 3);
      result.rows.push(row);
    }
    await stop(bare.child);
  }

  if (chosen('place order')) {
    log('place order…');
    // A reused database (--database) has the last run's oversell product sold out: every
    // product of the pool starts with the seed's stock again.
    await setStock(database.url, order.pool, 1_000_000);
    const before = await stockOf(database.url, order.pool);
    const figures = await measure(api.origin, order.make, { pid: api.child.pid });
    await new Promise((r) => setTimeout(r, 1000)); // requests still in flight finish
    const after = await stockOf(database.url, order.pool);
    const consistent = before.stock - after.stock === after.sold - before.sold && after.negative === 0;
    result.rows.push({
      name: 'place order',
      target: { ratio: 0.02, p99: 150 },
      ...figures,
      ...statements['place order'],
      stockConsistent: consistent,
    });
    result.rows.push(await hotProductOrders(api.origin, database.url, order, api.child.pid));
    if (chosen('mixed')) {
      result.mixed = await mixedWorkload(api.origin, database.url, counts, order, api.child.pid);
      result.mixed.apiMemoryMb = residentMegabytes(api.child.pid);
      result.rows.push(...result.mixed.rows);
    }
    // Contention: 50 connections race for the last 100 of one product; exactly 100 may win.
    const contested = order.pool[0];
    await setStock(database.url, [contested], 100);
    const race = await load(api.origin, order.makeFor(contested), { connections, amount: 400 });
    const left = await stockOf(database.url, [contested]);
    result.oversell = {
      stockBefore: 100,
      attempts: 400,
      created: race.statuses['201'] ?? 0,
      refused409: race.statuses['409'] ?? 0,
      stockAfter: left.stock,
      ok: (race.statuses['201'] ?? 0) === 100 && left.stock === 0,
      loadRunConsistent: consistent,
    };
    log(`oversell check: ${result.oversell.created} of 400 orders placed for 100 in stock, ${left.stock} left`);
  }

  log('ceiling again…');
  ceilingRuns.push(await measure(ceiling.url, () => get('/')));
  result.ceilingRuns = ceilingRuns;
  result.ceiling = Math.round(ceilingRuns.reduce((sum, r) => sum + r.requestsPerSecond, 0) / ceilingRuns.length);
  await stop(api.child);
  await stop(ceiling.child);
  if (args.keep) log(`keeping the database ${database.url}`);
  return { ...result, databaseUrl: database.url };
}

/**
 * Every connection buys the same product (enough stock for the whole run), so each
 * order waits for the one before on that product's row lock.
 */
async function hotProductOrders(origin, databaseUrl, order, pid) {
  const hot = order.pool[order.pool.length - 1];
  await setStock(databaseUrl, [hot], 100_000_000);
  log(`place order, ${connections} buyers of one product…`);
  const before = await stockOf(databaseUrl, [hot]);
  const figures = await measure(origin, order.makeFor(hot), { pid });
  await new Promise((r) => setTimeout(r, 1000));
  const after = await stockOf(databaseUrl, [hot]);
  return {
    name: 'place order, one hot product',
    target: { ratio: 0.02, p99: 150 },
    ...figures,
    stockConsistent: before.stock - after.stock === after.sold - before.sold && after.negative === 0,
  };
}

/**
 * The mixed workload's reviews: (buyer, product) pairs of 500 buyers and the product pages that
 * the buyer has not reviewed, each given out once. A buyer's second review of a product is
 * refused (409, ALREADY_REVIEWED), rightly: drawn at random, one pair in a thousand was a seeded
 * review, and a kept database (--database) holds the reviews of earlier runs, so about one run in
 * twelve counted a refusal among the writes' errors.
 */
async function freshReviews(databaseUrl, counts, pages) {
  const buyers = Array.from({ length: Math.min(counts.buyers, 500) }, (_, b) => seededId('buyer', b + 1));
  const pairs = Array.from({ length: 20_000 }, () => ({ buyer: pick(buyers), product: pick(pages) }));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let reviewed;
  try {
    const { rows } = await client.query(
      `select user_id || ' ' || product_id as pair from reviews
       where (user_id, product_id) in (select * from unnest($1::uuid[], $2::uuid[]))`,
      [pairs.map((p) => p.buyer), pairs.map((p) => p.product)],
    );
    reviewed = new Set(rows.map((row) => row.pair));
  } finally {
    await client.end();
  }
  const fresh = new Map();
  for (const pair of pairs) fresh.set(`${pair.buyer} ${pair.product}`, pair);
  for (const key of reviewed) fresh.delete(key);
  const tokens = new Map();
  const given = [];
  for (const pair of fresh.values()) {
    if (!tokens.has(pair.buyer)) tokens.set(pair.buyer, await tokenFor(pair.buyer));
    given.push({ product: pair.product, token: tokens.get(pair.buyer) });
  }
  let at = 0;
  return {
    next() {
      if (at >= given.length) throw new Error(`the mixed workload wrote more than ${given.length} reviews`);
      return given[at++];
    },
  };
}

/**
 * Keeps the mixed workload's writes to `share` of its requests (null: no limit): a write waits
 * until `(1 - share) / share` reads have been sent for it and every write before it, so 2 % is 49
 * reads a write. Without it the two writing connections went as fast as they were answered, 3–8 %
 * of the requests by machine, where the workload the targets assume has 2 %.
 */
function writePacer(share) {
  const readsPerWrite = share === null ? 0 : (1 - share) / share;
  let reads = 0;
  let writes = 0;
  let ended = false;
  const waiting = []; // { at, resolve }, in the order of `at`
  return {
    read() {
      reads++;
      while (waiting.length > 0 && reads >= waiting[0].at) waiting.shift().resolve();
    },
    /** Resolves true when the next write may go, false once the reads have ended. */
    write() {
      if (ended) return Promise.resolve(false);
      writes++;
      const at = writes * readsPerWrite;
      if (reads >= at) return Promise.resolve(true);
      return new Promise((resolve) => waiting.push({ at, resolve: () => resolve(!ended) }));
    },
    end() {
      ended = true;
      for (const { resolve } of waiting.splice(0)) resolve();
    },
  };
}

/** A sampler of ranks 0…n-1 with Zipf's law (s = 1): rank r comes with weight 1/(r+1). */
function zipf(n) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) {
    sum += 1 / (r + 1);
    cumulative[r] = sum;
  }
  return () => {
    const x = Math.random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const tokenFor = (userId) =>
  new SignJWT({ ver: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(jwtSecret));

/**
 * The mixed workload: reads spread over 10 000 distinct searches (25 nouns × 10
 * categories × 40 lowest prices) drawn with Zipf's law and product pages over up to 100 000 ids,
 * beside a stream of writes (orders, reviews, product edits in turn). Reads run on 48
 * connections and writes on 2, so writes are a few % of requests (the share is reported); each
 * side gets its own latency figures, and the writes' by kind (loadByKind). At least 10 s, so slow writes are counted at all. Stock
 * must match the lines written at the end.
 */
async function mixedWorkload(origin, databaseUrl, counts, order, pid) {
  const searches = [];
  for (const name of NOUNS)
    for (const category of CATEGORIES)
      for (let min = 0; min < 400; min += 10) searches.push(query({ name, category, min }));
  const rank = zipf(searches.length);
  const pages = productIds(counts, 100_000);
  const pacer = writePacer(writeShare);
  const readOne = () => {
    pacer.read();
    return Math.random() < searchShare ? get(searches[rank()]) : get(`/api/products/${pick(pages)}`);
  };

  // Edits never touch the order pool's products, so the stock check stays exact.
  const ordered = new Set(order.pool);
  const editable = [];
  for (let i = 1; editable.length < 2_000 && i <= counts.products; i++) {
    const seller = sellerOfProduct(i, counts);
    if (seller % REVOKED_EVERY !== 0 && !ordered.has(seededId('product', i))) editable.push({ i, seller });
  }
  const sellerTokens = new Map();
  for (const { seller } of editable.slice(0, 200)) {
    if (!sellerTokens.has(seller)) sellerTokens.set(seller, await tokenFor(seededId('seller', seller)));
  }
  const editPool = editable.slice(0, 200);
  const reviews = await freshReviews(databaseUrl, counts, pages);
  let turn = 0;
  const writeOne = () => {
    turn++;
    if (turn % 3 === 0) return { kind: 'order', ...order.make() };
    if (turn % 3 === 1) {
      const { product, token } = reviews.next();
      return {
        kind: 'review',
        method: 'POST',
        path: `/api/products/${product}/reviews`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ rating: 1 + Math.floor(Math.random() * 5), comment: 'Bench review' }),
      };
    }
    const { i, seller } = pick(editPool);
    return {
      kind: 'product edit',
      method: 'PUT',
      path: `/api/products/${seededId('product', i)}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sellerTokens.get(seller)}` },
      body: JSON.stringify({
        name: `${pick(NOUNS)} edited ${turn}`,
        price: 10 + (turn % 400),
        category: CATEGORIES[i % CATEGORIES.length],
        countInStock: 50,
      }),
    };
  };

  const writesSaid =
    writeShare === null ? 'writes as fast as 2 connections go' : `${Math.round(writeShare * 1000) / 10} % writes`;
  log(
    `mixed workload: reads (${Math.round(searchShare * 100)} % of them Zipf searches, the rest product pages), ${writesSaid}…`,
  );
  const before = await stockOf(databaseUrl, order.pool);
  const seconds = Math.max(duration, 10);
  const ticksBefore = cpuTicks(pid);
  const [reads, writes] = await Promise.all([
    // When the reads end, the writes end too: one still waiting for its share is not sent.
    load(origin, readOne, { connections: Math.max(1, connections - 2), duration: seconds }).finally(pacer.end),
    // Writes by kind, so a slow kind shows by name (autocannon keeps one latency histogram).
    loadByKind(origin, writeOne, { connections: 2, duration: seconds, pace: pacer.write }),
  ]);
  // The CPU of reads and writes together, per request of either (the reads are 98 % of them):
  // steadier from run to run than the p99, so a change shows against the machine's noise.
  const cpu = cpuPerRequest(ticksBefore, cpuTicks(pid), reads.requests + writes.requests);
  await new Promise((r) => setTimeout(r, 1000));
  const after = await stockOf(databaseUrl, order.pool);
  const share = writes.requests / Math.max(1, reads.requests + writes.requests);
  return {
    writeShare: share,
    writeShareAsked: writeShare, // null: as fast as two connections go
    searchShare,
    stockConsistent: before.stock - after.stock === after.sold - before.sold && after.negative === 0,
    rows: [
      { name: 'mixed: reads', target: { ratio: 0, p99: 100 }, ...reads, ...(cpu ? { cpu } : {}) },
      { name: 'mixed: writes', target: { ratio: 0, p99: 150 }, ...writes },
    ],
  };
}

/** A process's resident memory in MB (Linux), or null where /proc cannot tell. */
function residentMegabytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** Whether Redis answers on 127.0.0.1:6379 (for the instances' shared rate limits and cache bus). */
async function redisAnswers() {
  const { Redis } = await import('ioredis');
  const probe = new Redis('redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * --instances N: the read rows through nginx in front of N instances on the PostgreSQL run's
 * database (Redis shared when it answers), and the same rows on one instance straight, in the
 * same minutes, so the ratio compares like with like.
 */
async function runInstances(databaseUrl, counts, howMany) {
  if (!nginxPath()) {
    log('--instances: nginx is not installed (apt-get install -y nginx); skipped');
    return null;
  }
  const redis = await redisAnswers();
  const extraEnv = redis
    ? { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `torget-bench-${process.pid}:` }
    : {};
  const dataDir = join(work, 'instances-data');
  const apis = [];
  for (let i = 0; i < howMany; i++) apis.push(await startApi({ databaseUrl, dataDir, extraEnv }));
  const balancer = await startBalancer(apis.map((api) => new URL(api.origin).host));
  const rows = [];
  try {
    for (const endpoint of readEndpoints(counts)) {
      if (!chosen(endpoint.name) || !endpoint.instances) continue;
      log(`${howMany} instances behind nginx: ${endpoint.name}…`);
      const one = await measure(apis[0].origin, endpoint.make);
      const many = await measure(balancer.url, endpoint.make);
      rows.push({ name: `${endpoint.name}, one instance`, ...one });
      rows.push({
        name: `${endpoint.name}, ${howMany} behind nginx`,
        ...many,
        versusOne: many.requestsPerSecond / Math.max(1, one.requestsPerSecond),
      });
    }
  } finally {
    await balancer.stop();
    for (const api of apis) await stop(api.child);
  }
  return { instances: howMany, redis, rows };
}

/**
 * PGlite, the embedded default: `GET /` (no database) alone, then while product details are
 * read under the full connection count, with PGlite in its worker thread and on the API's
 * thread (PGLITE_WORKER=off) for comparison. Without the read cache, so that every product page
 * is PGlite's work: the read cache holds 10 000 answers, more than this marketplace's products,
 * and with it the row measured the API's thread serving kept answers, not PGlite beside it.
 */
async function pgliteResponsiveness(dataDir, counts, mode) {
  const api = await startApi({
    dataDir,
    noCache: true,
    extraEnv: { PGLITE_WORKER: mode === 'worker' ? 'on' : 'off' },
  });
  const products = productIds(counts, 20_000);
  const details = () => get(`/api/products/${pick(products)}`);
  const index = () => get('/');
  const spaConnections = 10;
  const seconds = Math.min(duration, 5);
  try {
    log(`PGlite (${mode}): GET / alone…`);
    await load(api.origin, index, { connections: spaConnections, duration: warmup });
    const idle = await load(api.origin, index, { connections: spaConnections, duration: seconds });
    log(`PGlite (${mode}): GET / while product details are read…`);
    await load(api.origin, details, { connections, duration: warmup });
    const [busy, read] = await Promise.all([
      load(api.origin, index, { connections: spaConnections, duration: seconds }),
      load(api.origin, details, { connections, duration: seconds }),
    ]);
    return {
      mode,
      keeps: busy.requestsPerSecond / Math.max(1, idle.requestsPerSecond),
      rows: [
        { name: `GET / alone (${mode})`, ...idle },
        { name: `GET / beside product details (${mode})`, ...busy },
        { name: `product details (${mode})`, target: { ratio: 0.05, p99: 1000 }, ...read },
      ],
    };
  } finally {
    await stop(api.child);
  }
}

async function runPglite(counts) {
  log(`PGlite: seeding ${counts.products.toLocaleString('en')} products…`);
  const dataDir = join(work, 'pglite-data');
  mkdirSync(dataDir, { recursive: true });
  const seedSeconds = await seedPglite(join(dataDir, 'pglite'), counts);
  log(`PGlite: seeded in ${seedSeconds.toFixed(1)} s`);
  const api = await startApi({ dataDir });
  const rows = [];
  try {
    for (const endpoint of readEndpoints(counts)) {
      if (!chosen(endpoint.name)) continue;
      log(`PGlite: ${endpoint.name}…`);
      rows.push({
        name: endpoint.name,
        ...(await measure(api.origin, endpoint.make, { duration: Math.min(duration, 5) })),
      });
    }
  } finally {
    await stop(api.child);
  }
  const responsiveness = chosen('pglite responsiveness')
    ? [await pgliteResponsiveness(dataDir, counts, 'worker'), await pgliteResponsiveness(dataDir, counts, 'in-process')]
    : [];
  return {
    products: counts.products,
    reviews: counts.reviews,
    orders: counts.orders,
    seedSeconds,
    rows,
    responsiveness,
  };
}

/**
 * The targets of a read without the cache: one request at a time, median and
 * p99 under the limits (searches and facets 50 / 150 ms, suggestions a 20 ms median, the other
 * reads 30 / 100 ms), and at least 0.05 of the ceiling under the run's connections.
 */
function noCacheTarget(endpoint) {
  if (endpoint.name.startsWith('suggest')) return { ratio: 0.05, p99: 1000, aloneP50: 20, aloneP99: 100 };
  if (endpoint.search) return { ratio: 0.05, p99: 1000, aloneP50: 50, aloneP99: 150 };
  return { ratio: 0.05, p99: 1000, aloneP50: 30, aloneP99: 100 };
}

// ── the report ──────────────────────────────────────────────────────────────────────────────

function verdict(row, ceiling) {
  if (!row.target) return '';
  const ratio = row.requestsPerSecond / ceiling;
  let ok = ratio >= row.target.ratio && row.p99 < row.target.p99 && row.errors === 0;
  if (row.target.aloneP50 !== undefined)
    ok = ok && row.alone && row.alone.p50 < row.target.aloneP50 && row.alone.p99 < row.target.aloneP99;
  return ok ? 'met' : 'MISSED';
}

function targetText(target) {
  if (!target) return '';
  if (target.aloneP50 !== undefined) return `≥${target.ratio}, alone p50<${target.aloneP50} p99<${target.aloneP99}`;
  return `≥${target.ratio}, p99<${target.p99}`;
}

/**
 * A share written to `digits` decimals, rounded down: the targets are lower bounds, and a share
 * just under one (0.04998 of the ceiling against 0.05) must not print as the bound it missed.
 */
function shareText(value, digits) {
  const scale = 10 ** digits;
  // The small addition keeps a share that binary fractions put a hair under its decimal (0.29 is
  // 0.28999…) at that decimal.
  return (Math.floor(value * scale + 1e-9) / scale).toFixed(digits);
}

function printTable(title, rows, ceiling) {
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'SQL/req',
    'SQL@100',
    'CPU µs/req api·pg·load',
    'non-2xx',
    'target',
    '',
  ];
  const lines = rows.map((r) => [
    r.name,
    String(r.requestsPerSecond),
    String(r.p50),
    String(r.p99),
    ceiling ? shareText(r.requestsPerSecond / ceiling, 3) : '',
    r.perRequest === undefined || r.perRequest === null ? '' : String(r.perRequest),
    r.pageSize100 === undefined || r.pageSize100 === null ? '' : String(r.pageSize100),
    r.cpu ? `${r.cpu.api}·${r.cpu.postgres}·${r.cpu.load}` : '',
    String(r.non2xx + r.errors),
    targetText(r.target),
    ceiling ? verdict(r, ceiling) : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(format(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main() {
  const counts = defaultCounts(productCount);
  log(`load average before: ${loadBefore.join(', ')}`);
  await buildIfStale();
  const postgres = await runPostgres(counts);
  const pglite = args['no-pglite'] ? null : await runPglite(pgliteCounts(Number(args['pglite-products'])));
  const instances =
    Number(args.instances) > 1 ? await runInstances(postgres.databaseUrl, counts, Number(args.instances)) : null;
  const loadAfter = loadAverage();
  const rows = postgres.rows;
  const deepName = `category page ${deepPage(counts)}`;
  const ratioOf = (suffix, figure) => {
    const first = rows.find((r) => r.name === `category page 1${suffix}`);
    const deep = rows.find((r) => r.name === `${deepName}${suffix}`);
    const a = figure(first);
    const b = figure(deep);
    return a && b ? b / Math.max(a, 0.001) : null;
  };
  const deepRatios = {
    underLoad: ratioOf('', (r) => r?.p50),
    alone: ratioOf('', (r) => r?.alone?.p50),
    noCacheUnderLoad: ratioOf(' (no cache)', (r) => r?.p50),
    noCacheAlone: ratioOf(' (no cache)', (r) => r?.alone?.p50),
  };

  printTable(
    `PostgreSQL, ${counts.products.toLocaleString('en')} products · ${connections} connections × ${duration} s · ceiling ${postgres.ceiling} req/s (runs: ${postgres.ceilingRuns.map((r) => r.requestsPerSecond).join(', ')})`,
    rows,
    postgres.ceiling,
  );
  const searches = rows.filter((r) => r.alone);
  if (searches.length) {
    console.log('\nOne connection (latency without queueing): p50 / p99 ms');
    for (const r of searches) console.log(`  ${r.name.padEnd(24)} ${String(r.alone.p50).padStart(5)} / ${r.alone.p99}`);
  }
  const times = (v) => (v === null ? 'n/a' : `${v.toFixed(2)}×`);
  console.log(
    `\nDeep page vs page 1 (p50, target ≤ 2×): under load ${times(deepRatios.underLoad)}, alone ${times(deepRatios.alone)}; ` +
      `no cache: under load ${times(deepRatios.noCacheUnderLoad)}, alone ${times(deepRatios.noCacheAlone)}`,
  );
  if (postgres.oversell) {
    const o = postgres.oversell;
    console.log(
      `Oversell: ${o.created} orders placed of ${o.attempts} for ${o.stockBefore} in stock, ${o.refused409} refused (409), ${o.stockAfter} left; load run stock consistent: ${o.loadRunConsistent} → ${o.ok && o.loadRunConsistent ? 'no oversell' : 'OVERSOLD'}`,
    );
  }
  const grows = rows.filter(
    (r) => r.pageSize100 !== null && r.pageSize100 !== undefined && r.pageSize100 > r.perRequest,
  );
  console.log(
    grows.length
      ? `Statements grow with page size on: ${grows.map((r) => r.name).join(', ')}`
      : 'Statements per request do not grow with page size (12 → 100).',
  );
  if (postgres.mixed) {
    const m = postgres.mixed;
    console.log(
      `Mixed workload: writes ${(m.writeShare * 100).toFixed(1)} % of requests, searches ${Math.round(m.searchShare * 100)} % of the reads; stock consistent: ${m.stockConsistent}; ` +
        `API resident memory after it: ${m.apiMemoryMb ?? '?'} MB`,
    );
    const kinds = Object.entries(m.rows[1]?.byKind ?? {});
    if (kinds.length > 0)
      console.log(
        `Mixed workload, writes by kind (p50 / p99 ms, requests): ${kinds
          .map(([kind, k]) => `${kind} ${k.p50} / ${k.p99} (${k.requests})`)
          .join('; ')}`,
      );
  }
  if (pglite) {
    printTable(`PGlite (embedded, demo mode), ${pglite.products.toLocaleString('en')} products`, pglite.rows, null);
    for (const r of pglite.responsiveness) {
      printTable(
        `PGlite ${r.mode}: GET / (10 connections) beside product details (${connections})`,
        r.rows,
        postgres.ceiling,
      );
      console.log(`GET / keeps ${shareText(r.keeps, 2)}× its rate alone (target ≥ 0.5)`);
    }
  }
  if (instances) {
    printTable(
      `${instances.instances} instances behind nginx (Redis: ${instances.redis ? 'yes' : 'no'}) vs one, same database`,
      instances.rows,
      postgres.ceiling,
    );
    for (const r of instances.rows.filter((row) => row.versusOne))
      console.log(`  ${r.name}: ${r.versusOne.toFixed(2)}× one instance`);
  }
  console.log(`\nLoad average before: ${loadBefore.join(', ')}; after: ${loadAfter.join(', ')}`);

  const report = {
    startedAt: startedAt.toISOString(),
    machine: machine(),
    postgresServer: (await adminQuery('show server_version')).rows[0].server_version,
    settings: {
      products: counts.products,
      counts,
      connections,
      duration,
      warmup,
      quick: args.quick,
      environment: passedThrough,
    },
    loadAverage: { before: loadBefore, after: loadAfter },
    postgres: { ...postgres, deepPageRatios: deepRatios },
    pglite,
    instances,
  };
  const resultsDir = join(root, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Written: ${file}`);
}

async function cleanUp() {
  for (const child of children) await stopChild(child);
  children.clear();
  if (benchDatabase && !args.keep) {
    await adminQuery(`drop database if exists ${benchDatabase} with (force)`).catch(() => {});
    benchDatabase = null;
  }
  rmSync(work, { recursive: true, force: true });
}

process.on('SIGINT', () => cleanUp().then(() => process.exit(130)));

try {
  await main();
  await cleanUp();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  try {
    console.error(
      `\nAPI log (last lines):\n${readFileSync(join(work, 'api.log'), 'utf8').split('\n').slice(-30).join('\n')}`,
    );
  } catch {
    // no log yet
  }
  await cleanUp();
  process.exit(1);
}
