// The API servers a run starts (and stops), and the measured load on one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_NODE_OPTIONS, root } from '../scripts/lib.mjs';
import { apiEnvironment, cpuPerRequest, cpuTicks, freePort, load, startNode, stopChild, waitForOk } from './lib.mjs';
import { args, children, connections, duration, jwtSecret, warmup, work } from './run-settings.mjs';

/**
 * The API's settings a run may be given from its own environment (a pool size, a cache size,
 * PGlite's nice), passed to every API server it starts and written into the result file, so a
 * file says what it was measured with.
 */
export const passedThrough = Object.fromEntries(
  ['DATABASE_POOL_SIZE', 'DATABASE_POOL_READS', 'READ_CACHE_ENTRIES', 'READ_CACHE_MB', 'PGLITE_WORKER_NICE']
    .filter((name) => process.env[name])
    .map((name) => [name, process.env[name]]),
);

export async function startApi({ databaseUrl, dataDir, countStatements, noCache, extraEnv = {} }) {
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

export async function stop(child) {
  await stopChild(child);
  children.delete(child);
}

/**
 * A warm-up, then the measured run; with `pid` (the API server's), also where the run's CPU went,
 * in microseconds per request (cpuTicks: api, postgres, load, other).
 */
export async function measure(origin, make, options = {}) {
  await load(origin, make, { connections, duration: warmup });
  const before = options.pid ? cpuTicks(options.pid) : null;
  const figures = await load(origin, make, { connections, duration: options.duration ?? duration });
  const cpu = options.pid ? cpuPerRequest(before, cpuTicks(options.pid), figures.requests) : null;
  return cpu ? { ...figures, cpu } : figures;
}

/** A process's resident memory in MB (Linux), or null where /proc cannot tell. */
export function residentMegabytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** Whether Redis answers on 127.0.0.1:6379 (for the instances' shared rate limits and cache bus). */
export async function redisAnswers() {
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
