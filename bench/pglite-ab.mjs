// node bench/pglite-ab.mjs --build name=path/to/server.js[@data-folder] ... [--rounds 3] [--seconds 5]
//
// Builds of the API side by side on embedded PGlite in its worker, without the read cache:
// product details, products page 1 and category page 1, each build started in turn (their order
// alternating round by round) on its own seeded PGlite folder (bench/seed-pglite.mjs; a build on
// another PGlite release needs a folder seeded by that release). Prints each row's requests a
// second and the API process's CPU per request (all its threads, the worker's included), and
// the medians of each build over the first. Linux only.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_NODE_OPTIONS, root } from '../scripts/lib.mjs';
import { apiEnvironment, freePort, load, pick, startNode, stopChild, waitForOk } from './lib.mjs';
import { CATEGORIES, pgliteCounts, productIds } from './seed.mjs';
import { seedPglite } from './seed-pglite.mjs';

const { values: args } = parseArgs({
  options: {
    build: { type: 'string', multiple: true },
    products: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
  },
});
const counts = pgliteCounts(Number(args.products));
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const defaultData = join(tmpdir(), `torget-pglite-threads-${args.products}`);

const builds = (args.build ?? []).map((spec) => {
  const [name, rest] = spec.split('=');
  const [server, data] = rest.split('@');
  return { name, server: resolve(server), dataDir: data ? resolve(data) : defaultData };
});

const get = (path) => ({ method: 'GET', path });
const products = productIds(counts, 20_000);
const rows = [
  { name: 'product details', make: () => get(`/api/products/${pick(products)}`) },
  { name: 'products page 1', make: () => get('/api/products') },
  {
    name: 'category page 1',
    make: () => get(`/api/products?${new URLSearchParams({ category: pick(CATEGORIES), pageNumber: 1 })}`),
  },
];

/** A process's or thread's user and system clock ticks so far (a process: all its threads). */
function ticks(pid, tid) {
  const stat = readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

if (!existsSync(join(defaultData, 'pglite'))) {
  mkdirSync(defaultData, { recursive: true });
  console.log(`seeding ${defaultData}…`);
  await seedPglite(join(defaultData, 'pglite'), counts);
}

const results = new Map(); // build → row → [{ rps, cpu }]
for (let round = 0; round < Number(args.rounds); round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    const port = await freePort();
    const child = startNode([...API_NODE_OPTIONS, build.server], {
      env: { ...apiEnvironment({ port, dataDir: build.dataDir, jwtSecret: 'x'.repeat(40) }), READ_CACHE: 'off' },
      cwd: dirname(build.server),
      logFile: join(tmpdir(), `pglite-ab-${build.name}.log`),
    });
    const origin = `http://127.0.0.1:${port}`;
    try {
      await waitForOk(`${origin}/api/health`, 120_000, child);
      for (const row of rows) {
        await load(origin, row.make, { connections, duration: 2 });
        const before = ticks(child.pid);
        const mainBefore = ticks(child.pid, child.pid);
        const result = await load(origin, row.make, { connections, duration: seconds });
        const cpu = ((ticks(child.pid) - before) * 10) / Math.max(1, result.requests); // ms per request
        // The API's own thread (the process's first); the rest is mostly PGlite's worker.
        const main = ((ticks(child.pid, child.pid) - mainBefore) * 10) / Math.max(1, result.requests);
        const list = results.get(build.name) ?? new Map();
        results.set(build.name, list);
        list.set(row.name, [...(list.get(row.name) ?? []), { rps: result.requestsPerSecond, cpu }]);
        console.log(
          `round ${round + 1} ${build.name.padEnd(8)} ${row.name.padEnd(16)} ${String(result.requestsPerSecond).padStart(6)} req/s  ${cpu.toFixed(2)} ms CPU/req (API thread ${main.toFixed(2)})  errors ${result.errors} non2xx ${result.non2xx}`,
        );
      }
    } finally {
      await stopChild(child);
    }
  }
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const base = builds[0].name;
console.log(`\nmedians (ratio to ${base}: requests a second, CPU per request)`);
for (const row of rows) {
  const line = [row.name.padEnd(16)];
  for (const build of builds) {
    const runs = results.get(build.name).get(row.name);
    const rps = median(runs.map((r) => r.rps));
    const cpu = median(runs.map((r) => r.cpu));
    const baseRuns = results.get(base).get(row.name);
    const rpsRatio = rps / median(baseRuns.map((r) => r.rps));
    const cpuRatio = cpu / median(baseRuns.map((r) => r.cpu));
    line.push(`${build.name}: ${rps} req/s ${cpu.toFixed(2)} ms (${rpsRatio.toFixed(2)}×, ${cpuRatio.toFixed(2)}×)`);
  }
  console.log(line.join('  '));
}
void root;
