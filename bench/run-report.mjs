// The run's report on the console: a table per run, each row against its target, and the checks.
import { connections, duration, loadBefore } from './run-settings.mjs';

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
export function shareText(value, digits) {
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

/** Prints the tables of every run and the checks (deep pages, oversell, statements, mixed workload). */
export function printReport({ counts, postgres, pglite, instances, deepRatios, loadAfter }) {
  const rows = postgres.rows;
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
}
