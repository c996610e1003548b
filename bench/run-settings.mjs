// The bench run's flags (run.mjs's first lines list them) and what every part of a run shares:
// its scratch folder, its child processes, its log.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadAverage } from './lib.mjs';

export const { values: args } = parseArgs({
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
export const productCount = Number(args.products);
export const searchShare = Number(args['mixed-searches']);
if (!(searchShare >= 0 && searchShare <= 1)) throw new Error('--mixed-searches is a share from 0 to 1');
export const writeShare = args['mixed-writes'] === 'free' ? null : Number(args['mixed-writes']);
if (writeShare !== null && !(writeShare > 0 && writeShare < 1))
  throw new Error('--mixed-writes is a share between 0 and 1, or free');
export const duration = Number(args.duration ?? (args.quick ? 3 : 10));
export const warmup = args.quick ? 1 : 3;
export const connections = Number(args.connections);
// --only: a comma list of endpoint names or their beginnings ('search: full' is all four full
// searches; names holding a comma cannot be given whole).
const onlyNames = args.only
  ? args.only
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
  : null;
export const chosen = (name) => !onlyNames || onlyNames.some((wanted) => name.startsWith(wanted));

export const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const jwtSecret = randomBytes(32).toString('hex');
export const work = mkdtempSync(join(tmpdir(), 'torget-bench-'));
export const children = new Set();
export const startedAt = new Date();
export const loadBefore = loadAverage();

export function log(message) {
  console.log(`[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(4)} s] ${message}`);
}
