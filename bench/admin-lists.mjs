// npm run bench:admin [-- --users 100000] [--orders 100000] [--products 100000] [--reports 2000]
//                     [--duration 5] [--keep]
//
// The admin's lists at size: seeds a fresh PostgreSQL database (BENCH_DATABASE_URL's server,
// default postgres://postgres@127.0.0.1:5432) with 100 000 users (1 in 100 sellers, 1 in 50
// applicants with the shop they applied with, a few admins), 100 000 orders over the last year in
// every state, 100 000 products of the sellers (1 in 20 a draft) and 2 000 reports of them (half
// decided), starts the production API on it and asks each list, one request at a time (the latency an admin sees, not
// a throughput), for `--duration` seconds. Prints each row's median and p99 against the target
// (median under 50 ms) and writes them to bench/results/admin-lists-<timestamp>.json. The
// database is dropped at the end unless --keep.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { SignJWT } from 'jose';
import pg from 'pg';
import { API_NODE_OPTIONS, buildIfStale, root } from '../scripts/lib.mjs';
import { apiEnvironment, freePort, load, loadAverage, machine, pick, startNode, stopChild, waitForOk } from './lib.mjs';
import { sqlDefinitionScripts } from './sql-definitions.mjs';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '100000' },
    products: { type: 'string', default: '100000' },
    reports: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
  },
});
const USERS = Number(args.users);
const ORDERS = Number(args.orders);
const PRODUCTS = Number(args.products);
const REPORTS = Number(args.reports);
const DURATION = Number(args.duration);
/** The target of every row: the median answer under 50 ms. */
const TARGET_MS = 50;
const SELLER_EVERY = 100;
const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const jwtSecret = randomBytes(32).toString('hex');
const work = mkdtempSync(join(tmpdir(), 'torget-bench-admin-'));
const log = (message) => console.log(`[bench:admin] ${message}`);

async function adminQuery(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

const FIRST_NAMES = ['Anna', 'Bo', 'Cecilia', 'David', 'Eva', 'Fredrik', 'Greta', 'Hugo', 'Ingrid', 'Johan'];
const LAST_NAMES = ['Andersson', 'Berg', 'Carlsson', 'Dahl', 'Ek', 'Forsberg', 'Holm', 'Lindqvist', 'Löfgren', 'Öberg'];
const PRODUCT_WORDS = ['Mössa', 'Vante', 'Kruka', 'Skål', 'Lampa', 'Halsduk', 'Tröja', 'Ljusstake', 'Korg', 'Fat'];
const MATERIALS = ['ull', 'lin', 'ek', 'björk', 'lera', 'glas', 'koppar', 'bomull'];

/** A version-4 uuid made from md5 (the API checks ids strictly), as bench/seed.mjs makes them. */
const uid = (kind, expression) =>
  `overlay(overlay(md5('${kind}-' || ${expression}) placing '4' from 13) placing '8' from 17)::uuid`;

/** The users, sellers and orders, in SQL; user `i` is 'Förnamn Efternamn i' <kund{i}@exempel.se>. */
function seedStatements() {
  const name = (i) =>
    `(array[${FIRST_NAMES.map((n) => `'${n}'`)}])[1 + ${i} % ${FIRST_NAMES.length}] || ' ' || ` +
    `(array[${LAST_NAMES.map((n) => `'${n}'`)}])[1 + (${i} / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || ' ' || ${i}`;
  return [
    `insert into users (id, name, email, password_hash, is_admin, is_seller, wants_to_be_seller, token_version, created_at)
     select ${uid('user', 'i')}, ${name('i')}, 'kund' || i || '@exempel.se', 'x',
            i % 20000 = 1, i % ${SELLER_EVERY} = 0, i % ${SELLER_EVERY} = 0 or i % 50 = 7, 0,
            now() - (i * 5 || ' minutes')::interval
       from generate_series(1, ${USERS}) as i`,
    `insert into sellers (user_id, name, email, plan)
     select ${uid('user', 'i')}, 'Butik ' || (array[${LAST_NAMES.map((n) => `'${n}'`)}])[1 + i % 10] || ' ' || i,
            'kund' || i || '@exempel.se', '1'
       from generate_series(${SELLER_EVERY}, ${USERS}, ${SELLER_EVERY}) as i`,
    // Order o: buyer 1 + (o * 7919) % USERS, seller one of the shops; one in ten of each state
    // but unpaid and delivered, which most orders are.
    `insert into orders (id, user_id, seller_id, buyer_name, seller_name, shipping_full_name, shipping_address,
                         shipping_city, shipping_postal_code, shipping_country, payment_method, items_price_ore,
                         shipping_price_ore, total_price_ore, is_paid, paid_at, is_delivered, delivered_at,
                         shipping_carrier, shipped_at, cancelled_at, cancel_reason, created_at)
     select ${uid('order', 'o')}, ${uid('user', 'b')}, ${uid('user', 's')},
            ${name('b')}, 'Butik ' || (array[${LAST_NAMES.map((n) => `'${n}'`)}])[1 + s % 10] || ' ' || s,
            ${name('b')}, 'Storgatan 1', 'Umeå', '903 25', 'Sverige',
            case when o % 10 = 0 then 'PayPal' else 'Swish' end, 10000 + o % 90000, 4900, 14900 + o % 90000,
            o % 10 >= 3, case when o % 10 >= 3 then at end, o % 10 >= 6, case when o % 10 >= 6 then at end,
            case when o % 10 = 5 then 'PostNord' end, case when o % 10 = 5 then at end,
            case when o % 10 = 0 then at end, case when o % 10 = 0 then 'expired' end, at
       from (select o, 1 + (o * 7919) % ${USERS} as b,
                    ${SELLER_EVERY} * (1 + (o * 31) % ${Math.floor(USERS / SELLER_EVERY)}) as s,
                    now() - (o * 315 || ' seconds')::interval as at
               from generate_series(1, ${ORDERS}) as o) g`,
    `insert into order_items (order_id, seller_id, product_id, name, image, qty, price_ore, shipping_price_ore)
     select id, seller_id, null, 'Vara', '', 1, items_price_ore, shipping_price_ore from orders`,
    // The applicants' shops as they applied with them (the queue shows every field).
    `insert into sellers (user_id, name, email, plan, address, post_number, city, phone, organisation_number)
     select ${uid('user', 'i')}, 'Ansökan ' || i, 'kund' || i || '@exempel.se', '1',
            'Storgatan ' || i % 90, '903 25', 'Umeå', '090-12 34 56', '556016-0680'
       from generate_series(7, ${USERS}, 50) as i where i % ${SELLER_EVERY} <> 0`,
    // Product p: of shop 1 + p % shops, named '<word> i <material> p'; one in 20 a draft. Triggers
    // are off while seeding (below), so seller_active is written as the trigger would.
    `insert into products (id, seller_id, name, price_ore, image, category, brand, count_in_stock, description,
                           shipping_price_ore, shipping_info, seller_active, is_draft, created_at, updated_at)
     select ${uid('product', 'p')}, ${uid('user', `${SELLER_EVERY} * (1 + p % ${Math.floor(USERS / SELLER_EVERY)})`)},
            (array[${PRODUCT_WORDS.map((n) => `'${n}'`)}])[1 + p % ${PRODUCT_WORDS.length}] || ' i ' ||
            (array[${MATERIALS.map((n) => `'${n}'`)}])[1 + (p / ${PRODUCT_WORDS.length}) % ${MATERIALS.length}] || ' ' || p,
            1000 + (p * 7919) % 99000, '', 'Hem', 'Torget', p % 40, '', 4900, 'PostNord', true, p % 20 = 0,
            now() - (p * 300 || ' seconds')::interval, now() - (p * 300 || ' seconds')::interval
       from generate_series(1, ${PRODUCTS}) as p`,
    // Report r: of product 1 + (r * 37) % products, by user 1 + (r * 7919) % users, every category;
    // the even ones decided (one in two of those removed) by the first admin an hour later, the
    // odd ones in the queue (the products stay as they are: the lists read the reports).
    `insert into reports (product_id, product_name, seller_id, category, text, reporter_id, language, decision,
                          reason, decided_by, decided_at, created_at)
     select p.id, p.name, p.seller_id,
            (array['illegal_product', 'counterfeit', 'scam', 'dangerous_product', 'offensive_content', 'other'])[1 + r % 6],
            'Anmälan ' || r || ': varan stämmer inte med beskrivningen.', ${uid('user', `1 + (r * 7919) % ${USERS}`)}, 'sv',
            case when r % 2 = 0 then (case when r % 4 = 0 then 'remove' else 'keep' end) end,
            case when r % 2 = 0 then 'Bedömd enligt villkoren.' end,
            case when r % 2 = 0 then ${uid('user', '1')} end,
            case when r % 2 = 0 then now() - (r * 600 || ' seconds')::interval + interval '1 hour' end,
            now() - (r * 600 || ' seconds')::interval
       from generate_series(1, ${REPORTS}) as r
       join products p on p.id = ${uid('product', `1 + (r * 37) % ${PRODUCTS}`)}`,
    // Seeded with triggers off: the counts the database keeps (every listed product, every
    // product per state: the admin's product list) counted once, as after any bulk load.
    'select catalogue_counts_rebuild()',
  ];
}

async function createDatabase() {
  const name = `torget_bench_admin_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    await migratePg(drizzlePg(pool), { migrationsFolder: join(root, 'apps/api/drizzle') });
    for (const script of sqlDefinitionScripts()) await pool.query(script);
  } finally {
    await pool.end();
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    // Consistent by construction: no foreign-key checks or triggers (superuser), as bench/seed.mjs.
    await client.query('set session_replication_role = replica').catch(() => {});
    for (const statement of seedStatements()) {
      const started = Date.now();
      await client.query(statement);
      log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: ${statement.trim().slice(0, 40)}…`);
    }
    await client.query('vacuum analyze');
    const admin = await client.query('select id from users where is_admin order by created_at desc limit 1');
    const numbers = await client.query('select min(number)::int as low, max(number)::int as high from orders');
    const productNumbers = await client.query('select min(number)::int as low, max(number)::int as high from products');
    return {
      name,
      url: url.toString(),
      adminId: admin.rows[0].id,
      numbers: numbers.rows[0],
      productNumbers: productNumbers.rows[0],
    };
  } finally {
    await client.end();
  }
}

const uniform = (low, high) => low + Math.floor(Math.random() * (high - low + 1));

/** The admin's product list as the web app asks for it (features/product-management). */
const MANAGED = '/api/products?scope=manage&pageSize=50';

/** The id of shop `n` (user SELLER_EVERY * n), as uid() makes it in SQL. */
function shopId(n) {
  const hex = createHash('md5')
    .update(`user-${SELLER_EVERY * n}`)
    .digest('hex');
  const id = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

/** The rows: each a list as the admin screens ask for it, its values rotating. */
function rows(numbers, productNumbers) {
  const userNo = () => uniform(1, USERS);
  const month = () => {
    const d = new Date(Date.now() - uniform(0, 330) * 86_400_000);
    const first = `${d.toISOString().slice(0, 7)}-01`;
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    return `from=${first}&to=${last}`;
  };
  return [
    { name: 'users: page 1', path: () => '/api/users/' },
    { name: 'users: page 40', path: () => '/api/users/?page=40' },
    { name: 'users: search e-mail', path: () => `/api/users/?search=kund${userNo()}@exempel.se` },
    { name: 'users: search name', path: () => `/api/users/?search=${pick(LAST_NAMES)} ${userNo()}` },
    { name: 'users: search one word', path: () => `/api/users/?search=${pick(LAST_NAMES)}` },
    { name: 'users: role admin', path: () => '/api/users/?role=admin' },
    { name: 'users: applied', path: () => '/api/users/?shop_status=applied' },
    { name: 'users: customers page 10', path: () => '/api/users/?role=customer&page=10' },
    { name: 'orders: page 1', path: () => '/api/orders' },
    { name: 'orders: page 40', path: () => '/api/orders?page=40' },
    { name: 'orders: search T-number', path: () => `/api/orders?search=T-${uniform(numbers.low, numbers.high)}` },
    { name: 'orders: search buyer e-mail', path: () => `/api/orders?search=kund${userNo()}@exempel.se` },
    {
      name: 'orders: search shop',
      path: () => `/api/orders?search=butik ${SELLER_EVERY * uniform(1, USERS / SELLER_EVERY)}`,
    },
    { name: 'orders: state shipped', path: () => '/api/orders?state=shipped' },
    { name: 'orders: state cancelled page 5', path: () => '/api/orders?state=cancelled&page=5' },
    { name: 'orders: paid in a month', path: () => `/api/orders?state=paid&${month()}` },
    { name: 'orders: a month', path: () => `/api/orders?${month()}` },
    { name: 'admin overview', path: () => '/api/admin/overview' },
    // The admin's product list, as /productlist asks (50 a page, drafts included, exact count).
    { name: 'products: page 1', path: () => `${MANAGED}` },
    { name: 'products: page 40', path: () => `${MANAGED}&pageNumber=40` },
    { name: 'products: search word', path: () => `${MANAGED}&name=${pick(PRODUCT_WORDS).toLowerCase()}` },
    {
      name: 'products: search two words',
      path: () => `${MANAGED}&name=${pick(PRODUCT_WORDS).toLowerCase()} ${pick(MATERIALS)}`,
    },
    {
      name: 'products: search #number',
      path: () => `${MANAGED}&name=%23${uniform(productNumbers.low, productNumbers.high)}`,
    },
    {
      name: 'products: a shop',
      path: () => `${MANAGED}&seller=${shopId(uniform(1, USERS / SELLER_EVERY))}`,
    },
    { name: 'products: drafts', path: () => `${MANAGED}&state=draft` },
    { name: 'products: listed by price', path: () => `${MANAGED}&state=listed&sort=price&pageNumber=5` },
    // As /admin_applications asks: 20 a page, with the count (1 980 pending, 99 pages).
    { name: 'seller applications: page 1', path: () => '/api/seller-applications?page=1' },
    { name: 'seller applications: page 50', path: () => '/api/seller-applications?page=50' },
    // As /admin_reports asks: the open queue (oldest first) and the decided history.
    { name: 'reports: queue page 1', path: () => '/api/reports' },
    { name: 'reports: queue page 20', path: () => '/api/reports?page=20' },
    { name: 'reports: decided page 5', path: () => '/api/reports?status=decided&page=5' },
  ];
}

async function main() {
  log(`load average before: ${loadAverage().join(', ')}`);
  await buildIfStale();
  log(`seeding ${USERS} users, ${ORDERS} orders and ${PRODUCTS} products…`);
  const database = await createDatabase();
  const port = await freePort();
  const child = startNode([...API_NODE_OPTIONS, join(root, 'apps/api/dist/server.js')], {
    env: { ...apiEnvironment({ port, dataDir: work, jwtSecret }), DATABASE_URL: database.url },
    cwd: root,
    logFile: join(work, 'api.log'),
  });
  const results = [];
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForOk(`${origin}/api/health`, 120_000, child);
    const token = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(database.adminId)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(new TextEncoder().encode(jwtSecret));
    const headers = { authorization: `Bearer ${token}` };
    for (const row of rows(database.numbers, database.productNumbers)) {
      // The query's values encoded as a browser sends them (spaces, 'ö').
      const make = () => ({ method: 'GET', path: encodeURI(row.path()), headers });
      await load(origin, make, { connections: 1, duration: 1 });
      const figures = await load(origin, make, { connections: 1, duration: DURATION });
      const result = {
        name: row.name,
        p50: figures.p50,
        p99: figures.p99,
        requests: figures.requests,
        statuses: figures.statuses,
      };
      results.push(result);
      log(
        `${row.name.padEnd(34)} median ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms  ${figures.p50 < TARGET_MS ? 'ok' : 'OVER'}  ${JSON.stringify(figures.statuses)}`,
      );
    }
  } finally {
    await stopChild(child);
    if (!args.keep) await adminQuery(`drop database if exists ${database.name} with (force)`).catch(() => {});
  }
  const report = {
    startedAt: new Date().toISOString(),
    machine: machine(),
    settings: {
      users: USERS,
      orders: ORDERS,
      products: PRODUCTS,
      reports: REPORTS,
      duration: DURATION,
      targetMedianMs: TARGET_MS,
    },
    loadAverage: loadAverage(),
    rows: results,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, `bench/results/admin-lists-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`written to ${file}`);
  if (results.some((r) => r.p50 >= TARGET_MS || Object.keys(r.statuses).some((s) => s !== '200'))) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
