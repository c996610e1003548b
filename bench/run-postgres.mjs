// The PostgreSQL run: statements per request, every row under load with and without the read
// cache, the orders and their stock checks, the mixed workload; and --instances behind nginx.
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';
import { nginxPath, startBalancer } from '../scripts/nginx-balancer.mjs';
import { cpuPerRequest, cpuTicks, latencyAlone, load, startCeiling } from './lib.mjs';
import { paymentRequests, paypalProductIds, preparePaypalPayments, startPaypalStandin } from './paypal-payments.mjs';
import { createBenchDatabase, stockOf, warmDatabase } from './run-database.mjs';
import { mixedWorkload } from './run-mixed.mjs';
import { get, noCacheTarget, orderEndpoint, readEndpoints, statementsOf, withBigPage } from './run-rows.mjs';
import { measure, redisAnswers, residentMegabytes, startApi, stop } from './run-servers.mjs';
import { args, children, chosen, connections, jwtSecret, log, work } from './run-settings.mjs';
import { setStock } from './stock.mjs';

export async function runPostgres(counts) {
  log(`creating and seeding a database with ${counts.products.toLocaleString('en')} products…`);
  const database = await createBenchDatabase(counts);
  log(`seeded in ${database.seedSeconds.toFixed(1)} s (${database.name})`);
  const warmed = await warmDatabase(database.url);
  if (warmed) log(`read ${warmed.megabytes} MB into the page cache in ${warmed.seconds.toFixed(1)} s`);
  const result = { database: database.name, seedSeconds: database.seedSeconds, warmed, rows: [] };
  const endpoints = readEndpoints(counts);
  const order = await orderEndpoint(counts, jwtSecret);
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

  // The load runs, on a server that does not count (the counting costs a little). It pays PayPal
  // orders at the PayPal stand-in when the "pay by PayPal" row runs.
  const ceiling = await startCeiling(join(root, 'bench/ceiling.mjs'), join(work, 'ceiling.log'));
  children.add(ceiling.child);
  const standin = chosen('pay by PayPal') ? await startPaypalStandin() : null;
  if (standin) children.add(standin.child);
  const api = await startApi({ databaseUrl: database.url, dataDir, extraEnv: standin?.env ?? {} });
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

  if (standin) result.rows.push(await paypalPayments(api, standin, counts));

  log('ceiling again…');
  ceilingRuns.push(await measure(ceiling.url, () => get('/')));
  result.ceilingRuns = ceilingRuns;
  result.ceiling = Math.round(ceilingRuns.reduce((sum, r) => sum + r.requestsPerSecond, 0) / ceilingRuns.length);
  await stop(api.child);
  await stop(ceiling.child);
  if (standin) await stop(standin.child);
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
 * --instances N: the read rows through nginx in front of N instances on the PostgreSQL run's
 * database (Redis shared when it answers), and the same rows on one instance straight, in the
 * same minutes, so the ratio compares like with like.
 */
export async function runInstances(databaseUrl, counts, howMany) {
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
 * "pay by PayPal" (bench/paypal-payments.mjs): the buyer's PUT /api/orders/{id}/pay of orders
 * captured at the PayPal stand-in, each order paid once; the payment is booked in the ledger in
 * its transaction. A fixed number of payments (not a duration): a repeated payment is cheaper.
 */
async function paypalPayments(api, standin, counts) {
  const warm = args.quick ? 100 : 300;
  const measured = args.quick ? 400 : 2000;
  log(`pay by PayPal: preparing ${warm + measured} captured PayPal orders…`);
  const prepared = await preparePaypalPayments({
    origin: api.origin,
    standin,
    jwtSecret,
    products: paypalProductIds(counts, 1000),
    howMany: warm + measured,
  });
  const queue = await paymentRequests(prepared, jwtSecret);
  log('pay by PayPal…');
  await load(api.origin, queue.make, { connections, amount: warm });
  const before = cpuTicks(api.child.pid);
  const figures = await load(api.origin, queue.make, { connections, amount: measured });
  const cpu = cpuPerRequest(before, cpuTicks(api.child.pid), figures.requests);
  return {
    name: 'pay by PayPal',
    target: { ratio: 0.02, p99: 150 },
    ...figures,
    ...(cpu ? { cpu } : {}),
    repeatedPayments: queue.exhausted,
  };
}
