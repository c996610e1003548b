// npm run bench:csv [-- --rows 5000]
//
// The products CSV import on PostgreSQL (docs/decisions/293-csv.md): a seller without a product
// limit imports a file of 5 000 new products (a dry run, then applied), then the same products
// with every price changed (applied). Starts the production build of the API on a fresh database
// on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432), prints the wall
// times, and drops the database. The target: each applied import under 30 s.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildIfStale } from '../scripts/lib.mjs';
import { adminQuery } from './run-database.mjs';
import { startApi, stop } from './run-servers.mjs';
import { serverUrl, work } from './run-settings.mjs';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '5000' } }, strict: false });
const rows = Number(values.rows);
const TARGET_MS = 30_000;

const name = `torget_bench_csv_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

function csvFile(lines) {
  const header = 'product_number;name;price;count_in_stock;category;brand;description;vat_rate';
  return `\uFEFF${[header, ...lines].join('\r\n')}\r\n`;
}

async function importFile(origin, token, text, dryRun) {
  const body = new FormData();
  body.append('file', new Blob([text], { type: 'text/csv' }), 'products.csv');
  const started = performance.now();
  const response = await fetch(`${origin}/api/products/import${dryRun ? '?dry_run=1' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const ms = performance.now() - started;
  const report = await response.json();
  if (response.status !== 200)
    throw new Error(`import answered ${response.status}: ${JSON.stringify(report).slice(0, 300)}`);
  return { ms, report };
}

await buildIfStale();
await adminQuery(`create database ${name}`);
let api = null;
try {
  api = await startApi({ databaseUrl, dataDir: work });
  const { origin } = api;
  const email = `csv-bench-${Date.now()}@torget.test`;
  const password = 'Bänkprov-för-CSV-2026!';
  const registered = await fetch(`${origin}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'CSV-bänk', email, password }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // A seller on the plan without a product limit (plan 3).
  const { rows: users } = await client.query('update users set is_seller = true where email = $1 returning id', [
    email,
  ]);
  await client.query(`insert into sellers (user_id, email, name, plan) values ($1, $2, 'CSV-bänken', '3')`, [
    users[0].id,
    email,
  ]);
  await client.end();
  const signedIn = await fetch(`${origin}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = await signedIn.json();

  const created = Array.from(
    { length: rows },
    (_, i) =>
      `;Produkt ${i + 1};${100 + (i % 900)},50;${i % 40};Kategori ${i % 20};Märke ${i % 50};<p>Beskrivning ${i}</p>;25`,
  );
  const dry = await importFile(origin, token, csvFile(created), true);
  const applied = await importFile(origin, token, csvFile(created), false);
  const numbers = applied.report.created.map((c) => c.productNumber);
  const changedLines = created.map((line, i) => `${numbers[i]}${line.replace(/;\d+,50;/, ';99,00;')}`);
  const changed = await importFile(origin, token, csvFile(changedLines), false);
  const exportStarted = performance.now();
  const exported = await fetch(`${origin}/api/products/mine.csv`, { headers: { authorization: `Bearer ${token}` } });
  const exportText = await exported.text();
  const exportMs = performance.now() - exportStarted;

  const table = [
    ['dry run, new products', dry.ms, dry.report.created.length],
    ['applied, new products', applied.ms, applied.report.created.length],
    ['applied, every price changed', changed.ms, changed.report.changed.length],
    ['export', exportMs, exportText.split('\r\n').length - 2],
  ];
  console.log(`\nProducts CSV on PostgreSQL, ${rows} rows:`);
  for (const [what, ms, count] of table)
    console.log(`  ${what.padEnd(32)} ${(ms / 1000).toFixed(2).padStart(7)} s  (${count} rows)`);
  const slowest = Math.max(applied.ms, changed.ms);
  console.log(`  target: each applied import under ${TARGET_MS / 1000} s: ${slowest < TARGET_MS ? 'met' : 'NOT met'}`);
  if (slowest >= TARGET_MS) process.exitCode = 1;
} finally {
  if (api) await stop(api.child);
  await adminQuery(`drop database if exists ${name} with (force)`);
}
