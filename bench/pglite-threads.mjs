// node bench/pglite-threads.mjs [--server apps/api/dist/server.js] [--products 10000] [--rounds 2]
//                               [--seconds 5] [--env 'PGLITE_WORKER_NICE=7 READ_CACHE=off']
//                               [--only index|details|both]   (default: all three)
//
// Where the API's time goes on embedded PGlite, thread by thread: one build (a bundle in
// apps/api/dist, where Node finds its packages) on a PGlite folder seeded as `npm run bench`'s
// PGlite part seeds it (kept under the system's temporary folder per product count, so later
// runs start at once), loaded as its "pglite responsiveness" row loads it: `GET /` alone
// (10 connections), product details alone (50 connections, over 20 000 ids), and both at once.
// Each run prints the requests a second and, for each of the API's threads that worked, its CPU
// per request (user and system, from /proc/<pid>/task); for both at once, each thread's share of
// a core, this process's (the load's), and `GET /`'s rate beside the product pages as a share
// of its rate alone (what the row calls "keeps").
//
// Why: under both loads the API's one thread is the limit on a two-core machine, and the two
// loads share it; the row's two figures move against each other, and only the threads' figures
// say which work moved (docs/decisions/060-pglite-thread-yields-to-the-api.md). Linux only.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_NODE_OPTIONS, root } from '../scripts/lib.mjs';
import { apiEnvironment, environmentPairs, freePort, load, pick, startNode, stopChild, waitForOk } from './lib.mjs';
import { pgliteCounts, productIds } from './seed.mjs';
import { seedPglite } from './seed-pglite.mjs';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string', default: join(root, 'apps/api/dist/server.js') },
    products: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '5' },
    env: { type: 'string', default: '' },
    only: { type: 'string' },
  },
});

// The bench's PGlite catalogue (run.mjs), at the chosen size.
const products = Number(args.products);
const counts = pgliteCounts(products);
const dataDir = join(tmpdir(), `torget-pglite-threads-${products}`);
const seconds = Number(args.seconds);

async function seedOnce() {
  if (existsSync(join(dataDir, 'pglite'))) return;
  mkdirSync(dataDir, { recursive: true });
  console.log(`seeding ${products.toLocaleString('en')} products in ${dataDir} (once)…`);
  await seedPglite(join(dataDir, 'pglite'), counts);
}

/** Each thread of `pid`: its name and its user and system clock ticks so far. */
function threadTicks(pid) {
  const threads = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(tid, { name, user: Number(fields[11]), system: Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  return threads;
}

/** The threads that worked between two readings: µs per request (user, system), or share of a core. */
function threadsBetween(before, after, divide) {
  const parts = [];
  for (const [tid, now] of after) {
    const then = before.get(tid) ?? { user: 0, system: 0 };
    const user = now.user - then.user;
    const system = now.system - then.system;
    // A thread that did next to nothing (Node's helpers) is left out.
    if (!divide(user + system).startsWith('0 '))
      parts.push(`${tid} ${now.name} ${divide(user + system)} (user ${divide(user)}, system ${divide(system)})`);
  }
  return parts.join(' · ');
}

const environment = environmentPairs(args.env, '--env');

await seedOnce();
const port = await freePort();
const child = startNode([...API_NODE_OPTIONS, resolve(args.server)], {
  env: {
    ...apiEnvironment({ port, dataDir, jwtSecret: 'pglite-threads-secret-long-enough-for-hs256' }),
    ...environment,
  },
  cwd: root,
  logFile: join(dataDir, 'api.log'),
});
try {
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/api/health`, 120_000, child);
  const ids = productIds(counts, 20_000);
  const details = () => ({ method: 'GET', path: `/api/products/${pick(ids)}` });
  const index = () => ({ method: 'GET', path: '/' });
  // 100 clock ticks a second: ticks × 10 000 / requests is µs per request; ticks / s is % of a core.
  const perRequest = (requests) => (ticks) => `${Math.round((ticks * 10_000) / requests)} µs`;
  let indexAlone = null;
  for (let round = 1; round <= Number(args.rounds); round++) {
    // --only index: `GET /` alone; details: product details alone; both: `GET /` alone and both.
    const alone = [
      ['GET /', index, 10, args.only !== 'details'],
      ['product details', details, 50, !args.only || args.only === 'details'],
    ];
    for (const [name, make, connections, wanted] of alone) {
      if (!wanted) continue;
      await load(origin, make, { connections, duration: 2 });
      const before = threadTicks(child.pid);
      const run = await load(origin, make, { connections, duration: seconds });
      if (name === 'GET /') indexAlone = run.requestsPerSecond;
      console.log(
        `round ${round}, ${name} alone: ${run.requestsPerSecond} req/s, non-2xx ${run.non2xx + run.errors}; ` +
          threadsBetween(before, threadTicks(child.pid), perRequest(run.requests)),
      );
    }
    if (args.only && args.only !== 'both') continue;
    await load(origin, details, { connections: 50, duration: 2 });
    const before = threadTicks(child.pid);
    const ownBefore = process.cpuUsage();
    const started = Date.now();
    const [beside, read] = await Promise.all([
      load(origin, index, { connections: 10, duration: seconds }),
      load(origin, details, { connections: 50, duration: seconds }),
    ]);
    const wall = (Date.now() - started) / 1000;
    const own = process.cpuUsage(ownBefore);
    const keeps = indexAlone ? ` (keeps ${(beside.requestsPerSecond / indexAlone).toFixed(2)})` : '';
    console.log(
      `round ${round}, both: GET / ${beside.requestsPerSecond} req/s${keeps}, product details ${read.requestsPerSecond} req/s; ` +
        `${threadsBetween(before, threadTicks(child.pid), (ticks) => `${Math.round(ticks / wall)} %`)} · ` +
        `the load ${Math.round((own.user + own.system) / 10_000 / wall)} %`,
    );
  }
} finally {
  await stopChild(child);
}
