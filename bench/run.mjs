// npm run bench [-- --products 1000000] [--quick] [--duration 10] [--connections 50] [--no-pglite] [--profile]
//                [--instances 2] [--perf-map]
//
// Seeds a large marketplace into a fresh PostgreSQL database (on BENCH_DATABASE_URL's server,
// default postgres://postgres@127.0.0.1:5432), starts the production build of the API on it,
// and drives it with autocannon beside a bare Fastify server (the ceiling). Prints a table and
// writes it as JSON to bench/results/<timestamp>.json. Then runs the read endpoints once on
// embedded PGlite (a smaller marketplace) for the demo mode's figures. Every load goes to
// 127.0.0.1 and is bounded in time.
//
// The parts: run-settings.mjs (the flags), run-database.mjs, run-servers.mjs, run-rows.mjs (the
// endpoints and their targets), run-postgres.mjs, run-mixed.mjs, run-pglite.mjs, run-report.mjs.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, root } from '../scripts/lib.mjs';
import { loadAverage, machine, stopChild } from './lib.mjs';
import { adminQuery, dropBenchDatabase } from './run-database.mjs';
import { runPglite } from './run-pglite.mjs';
import { runInstances, runPostgres } from './run-postgres.mjs';
import { printReport } from './run-report.mjs';
import { deepPage } from './run-rows.mjs';
import { passedThrough } from './run-servers.mjs';
import {
  args,
  children,
  connections,
  duration,
  loadBefore,
  log,
  productCount,
  startedAt,
  warmup,
  work,
} from './run-settings.mjs';
import { defaultCounts, pgliteCounts } from './seed.mjs';

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

  printReport({ counts, postgres, pglite, instances, deepRatios, loadAfter });

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
  await dropBenchDatabase();
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
