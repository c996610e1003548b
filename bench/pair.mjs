// node bench/pair.mjs --a OLD.js --b NEW.js --database NAME [--path '/api/products|/api/products?category=Art']
//                     [--rate 500] [--rounds 8] [--seconds 4] [--connections 25] [--cache]
//                     [--orders --products 1000000] [--b-socket /var/run/postgresql]
//                     [--a-node-options '--max-semi-space-size=32'] [--b-node-options …]
//                     [--a-env 'K=V …'] [--b-env 'K=V …'] [--alternate]
//                     [--rows all|'product details,search: name,place order,pay by PayPal']
//
// Compares two builds of the API (two bundles, e.g. apps/api/dist/server.js copied aside before
// a change, and after it) on one PostgreSQL database (a database `npm run bench -- --keep` left),
// both loaded AT THE SAME TIME at the same fixed rate, round after round. Each round prints the
// CPU each build's API process and its PostgreSQL backends (told apart by application_name) spent
// per request, and B's share of A's; the end prints the medians of those shares. Compare the CPU,
// not the p99: with --orders the p99 was about twice as high for A in every round, also with the
// same bundle on both sides. The bundles must lie in
// apps/api/dist (copies beside server.js), where Node finds the packages they import.
//
// Why: on this shared 2-core machine one build's throughput moves by ±20 % from run to run, so
// two builds measured one after the other differ by more than most changes do. Loaded together
// at a rate both can serve, they see the same machine in the same seconds, and CPU per request
// at a fixed rate does not depend on queueing. Every load goes to 127.0.0.1 and is bounded.
//
// --orders: instead of GETs, each build places orders (POST /api/orders, one item of one of the
// first 1 000 products of active sellers, Swish, as `npm run bench`'s "place order" row) as the
// seed's first buyer; --products must be the kept database's product count. The products'
// stock is set high at the start, so no order is refused.
//
// --rows: instead of --path, the rows of `npm run bench` (bench/run-rows.mjs) one after the other,
// each with its own rotating requests, and at the end a table of each row's medians: the
// side-by-side comparison of two builds over the whole bench. `all` is every read row and
// `place order`; otherwise a comma-separated list of row-name prefixes. Without --cache these are
// the *(no cache)* rows; --products must be the kept database's product count.
//
// `pay by PayPal` (bench/paypal-payments.mjs), chosen by name only (not by `all`): each build pays
// PayPal orders of its own, captured beforehand at the PayPal stand-in (started here, both builds'
// PAYPAL_API_BASE), each order once: rate × ((seconds + 1) × rounds + 5) × 1.1 of them per build, so give it a
// low --rate (50: 3 400 orders each at the defaults).
//
// --b-socket DIR: B is the same kind of server but reaches PostgreSQL through its Unix socket in
// DIR instead of TCP on 127.0.0.1 (give the same bundle as --a and --b to measure the socket alone).
//
// --a-node-options, --b-node-options: Node's own options for that build's process (space
// separated; default: the ones npm start gives the server, API_NODE_OPTIONS), to measure a runtime
// setting with the same bundle as --a and --b (`--a-node-options=` for V8's defaults).
//
// --a-env, --b-env: more environment for that build's process (space-separated K=V), to measure
// a setting with the same bundle on both sides (`--b-env DATABASE_POOL_READS=10`).
//
// --alternate: each round loads A alone, then B alone, as fast as they answer (no --rate): for
// what only shows when the machine is full, such as how many statements run at once
// (docs/decisions/053-pool-writes-first-reads-limited.md). Both servers stay up, so the rounds see the same warmed
// processes; B's share of A's requests a second is printed with the CPU shares. A build's CPU is
// read over the whole round, its idle half included. A always runs first: run a comparison in
// both orientations (--a-env and --b-env swapped) to cancel any lean to one side.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { API_NODE_OPTIONS } from '../scripts/lib.mjs';
import { apiEnvironment, environmentPairs, freePort, waitForOk } from './lib.mjs';
import { paymentRequests, paypalProductIds, preparePaypalPayments, startPaypalStandin } from './paypal-payments.mjs';
import { readEndpoints } from './run-rows.mjs';
import { buyerOrder, defaultCounts, productIds } from './seed.mjs';
import { setStock } from './stock.mjs';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    database: { type: 'string' },
    path: { type: 'string', default: '/api/products' },
    rate: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '25' },
    cache: { type: 'boolean', default: false },
    orders: { type: 'boolean', default: false },
    products: { type: 'string', default: '100000' },
    'b-socket': { type: 'string' },
    'a-node-options': { type: 'string', default: API_NODE_OPTIONS.join(' ') },
    'b-node-options': { type: 'string', default: API_NODE_OPTIONS.join(' ') },
    'a-env': { type: 'string', default: '' },
    'b-env': { type: 'string', default: '' },
    alternate: { type: 'boolean', default: false },
    rows: { type: 'string' },
  },
});
if (!args.a || !args.b || !args.database) {
  console.error('usage: node bench/pair.mjs --a OLD.js --b NEW.js --database NAME [--path P|P2] [--rate N]');
  process.exit(2);
}

const server = new URL(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
server.pathname = `/${args.database}`;
const databaseUrl = server.toString();
const rate = Number(args.rate);
const JWT_SECRET = 'pair-benchmark-secret-0123456789abcdef';

/** Orders of one item of one of the first 1 000 products of active sellers, as the first buyer. */
async function orderRequests() {
  const pool = productIds(defaultCounts(Number(args.products)), 1000);
  await setStock(databaseUrl, pool, 100_000_000);
  const { headers, bodyFor } = await buyerOrder(JWT_SECRET);
  return pool.map((product) => ({ method: 'POST', path: '/api/orders', headers, body: bodyFor(product) }));
}

/** Requests of each row chosen by --rows: a few hundred made by the row's own request maker. */
async function rowRequests() {
  const wanted = args.rows === 'all' ? null : args.rows.split(',').map((name) => name.trim());
  const chosen = (name) => wanted === null || wanted.some((prefix) => name.startsWith(prefix));
  const rows = readEndpoints(defaultCounts(Number(args.products)))
    .filter((row) => chosen(row.name))
    .map((row) => ({ name: row.name, requests: Array.from({ length: 400 }, row.make) }));
  if (chosen('place order')) rows.push({ name: 'place order', requests: await orderRequests() });
  // Each build's own payments, prepared once both builds run (paymentsFor below).
  if (wanted?.some((prefix) => 'pay by PayPal'.startsWith(prefix)))
    rows.push({ name: 'pay by PayPal', payments: true });
  return rows;
}

const rows = args.rows
  ? await rowRequests()
  : [{ name: '', requests: args.orders ? await orderRequests() : args.path.split('|').map((path) => ({ path })) }];

const standin = rows.some((row) => row.payments) ? await startPaypalStandin() : null;

/** user + system ticks of a process (10 ms each); 0 when it is gone. */
function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends of one build (its pool's connections carry its application_name). */
function backendTicks(name) {
  const pids = execFileSync(
    'psql',
    [databaseUrl, '-Atc', `select pid from pg_stat_activity where application_name = '${name}'`],
    {
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(Boolean);
  return new Map(pids.map((pid) => [pid, ticksOf(pid)]));
}

async function start(file, name) {
  const port = await freePort();
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  // pg takes `host` from the query over the URL's: a directory is a Unix socket's.
  if (name === 'pair_b' && args['b-socket']) url.searchParams.set('host', args['b-socket']);
  const nodeOptions = (name === 'pair_a' ? args['a-node-options'] : args['b-node-options']).split(' ').filter(Boolean);
  const extraEnv = environmentPairs(name === 'pair_a' ? args['a-env'] : args['b-env'], '--a-env or --b-env');
  const child = spawn(process.execPath, [...nodeOptions, resolve(file)], {
    env: {
      ...apiEnvironment({ port, dataDir: `/tmp/torget-pair-${name}`, jwtSecret: JWT_SECRET }),
      DATABASE_URL: url.toString(),
      // --orders places thousands of orders from one account and address on purpose.
      RATE_LIMIT_ORDERS_PER_ACCOUNT: '100000000/1m',
      RATE_LIMIT_ORDERS_PER_ADDRESS: '100000000/1m',
      READ_CACHE: args.cache ? 'on' : 'off',
      ...(standin?.env ?? {}),
      ...extraEnv,
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/api/health`, 120_000, child);
  return { file, name, child, origin };
}

/** A row's requests for build `s`: the same list for both, or (payments) each build's own. */
const load = (s, seconds, requests) =>
  autocannon({
    url: s.origin,
    requests: typeof requests === 'function' ? requests(s) : requests,
    connections: Number(args.connections),
    duration: seconds,
    ...(args.alternate ? {} : { overallRate: rate }),
  });

/**
 * Both builds loaded for `seconds`: at once at the fixed rate, or (--alternate) one after the
 * other, A first. Always A first: the order swapped every round left each build idle for two
 * loads in a row (10 s at 5 s a load), pg's idle timeout closed its connections, and that build's
 * next round paid for new ones.
 */
async function loadBoth(seconds, requests) {
  if (!args.alternate) return Promise.all(builds.map((s) => load(s, seconds, requests)));
  const results = [];
  for (const s of builds) results.push(await load(s, seconds, requests));
  return results;
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/** One row's rounds: each prints both builds' CPU per request; answers the medians of B/A. */
async function compare(requests) {
  await loadBoth(3, requests); // warm-up: JIT, connections, plans
  const apiShares = [];
  const totalShares = [];
  const rateShares = [];
  let errors = 0;
  for (let round = 1; round <= Number(args.rounds); round++) {
    const before = builds.map((s) => ({ api: ticksOf(s.child.pid), pg: backendTicks(s.name) }));
    const results = await loadBoth(Number(args.seconds), requests);
    const per = builds.map((s, i) => {
      const requestsDone = results[i].requests.total || 1;
      let pg = 0;
      for (const [pid, ticks] of backendTicks(s.name)) pg += ticks - (before[i].pg.get(pid) ?? ticks);
      return {
        api: ((ticksOf(s.child.pid) - before[i].api) * 10_000) / requestsDone,
        pg: (pg * 10_000) / requestsDone,
        rps: results[i].requests.average,
        p99: results[i].latency.p99,
        errors: results[i].non2xx + results[i].errors,
      };
    });
    const [a, b] = per;
    errors += a.errors + b.errors;
    apiShares.push(b.api / a.api);
    totalShares.push((b.api + b.pg) / (a.api + a.pg));
    rateShares.push(b.rps / a.rps);
    const show = (x) =>
      `api ${Math.round(x.api)} pg ${Math.round(x.pg)} µs/req, ${Math.round(x.rps)} req/s, p99 ${x.p99} ms${x.errors ? `, ${x.errors} errors` : ''}`;
    console.log(
      `round ${round}: A ${show(a)} | B ${show(b)} | B/A api ${(b.api / a.api).toFixed(3)}, api+pg ${((b.api + b.pg) / (a.api + a.pg)).toFixed(3)}${args.alternate ? `, req/s ${(b.rps / a.rps).toFixed(3)}` : ''}`,
    );
  }
  return { api: median(apiShares), total: median(totalShares), rate: median(rateShares), errors };
}

/**
 * The "pay by PayPal" requests: per build, its own captured PayPal orders, each paid once
 * (a queue popped by autocannon's setupRequest).
 */
async function paymentsFor(builds) {
  // A round's load runs about a second past --seconds (its start and its drain), and a payment
  // repeated once the orders run out takes the cheaper "already paid" path, so prepare enough.
  const howMany = Math.ceil(rate * ((Number(args.seconds) + 1) * Number(args.rounds) + 5) * 1.1);
  const products = paypalProductIds(defaultCounts(Number(args.products)), 1000);
  await setStock(databaseUrl, products, 100_000_000);
  const queues = new Map();
  for (const s of builds) {
    console.log(`preparing ${howMany} captured PayPal orders for ${s.name}…`);
    const prepared = await preparePaypalPayments({
      origin: s.origin,
      standin,
      jwtSecret: JWT_SECRET,
      products,
      howMany,
    });
    queues.set(s.name, await paymentRequests(prepared, JWT_SECRET));
  }
  const requests = (s) => [{ setupRequest: (request) => ({ ...request, ...queues.get(s.name).make() }) }];
  requests.queues = queues;
  return requests;
}

const builds = [await start(args.a, 'pair_a'), await start(args.b, 'pair_b')];
try {
  const table = [];
  for (const row of rows) {
    if (row.name) console.log(`\n${row.name}`);
    if (row.payments) row.requests = await paymentsFor(builds);
    const shares = await compare(row.requests);
    if (row.payments) {
      for (const [name, queue] of row.requests.queues)
        if (queue.exhausted)
          console.log(`${name} ran out of orders: ${queue.exhausted} payments repeated (lower --rate)`);
    }
    const rates = args.alternate ? `, req/s ${shares.rate.toFixed(3)}` : '';
    console.log(`median B/A: api ${shares.api.toFixed(3)}, api+pg ${shares.total.toFixed(3)}${rates}`);
    table.push({ name: row.name, ...shares });
  }
  if (args.rows) {
    // B's CPU per request over A's: below 1 B is cheaper; A's per B's is B's speed as a multiple of A's.
    console.log('\n| row | B/A CPU api+pg | B/A CPU api | A/B (speed of B) | errors |\n|---|---|---|---|---|');
    for (const r of table) {
      console.log(
        `| ${r.name} | ${r.total.toFixed(2)} | ${r.api.toFixed(2)} | ${(1 / r.total).toFixed(2)}× | ${r.errors} |`,
      );
    }
  }
} finally {
  for (const s of builds) s.child.kill();
  standin?.stop();
}
