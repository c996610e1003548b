import { productListQuerySchema } from '@torget/shared/schemas/product-query';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { foldedListStatement } from './src/modules/catalog/name-page-statements';
import { filterValues } from './src/modules/catalog/product-filters';
import { formValuesOf } from './src/modules/catalog/word-search';

const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/torget_bench_b54fac3e', max: 1 });
const db = drizzle(pool);
const params = JSON.parse(process.argv[2] ?? '{"name":"lamp"}');
const query = productListQuerySchema.parse(params);
const statement = foldedListStatement(db as never, query, (process.argv[3] as 'one' | 'all') ?? 'one');
const { sql: text, params: ps } = new PgDialect().sqlToQuery(statement);
const values = fillPlaceholders(ps, { ...formValuesOf([query.name ?? '']), ...filterValues(query) });
const client = await pool.connect();
if (process.argv[4] === 'generic') await client.query('set plan_cache_mode = force_generic_plan');
await client.query(`prepare s as ${text}`);
const lit = values.map((v) => (typeof v === 'number' ? String(v) : `'${String(v)}'`)).join(', ');
const times: number[] = [];
for (let i = 0; i < 12; i++) {
  const t0 = performance.now();
  await client.query(`execute s(${lit})`);
  times.push(performance.now() - t0);
}
console.log(times.map((x) => x.toFixed(2)).join(' '));
const r = await client.query(`explain (analyze, buffers, costs off) execute s(${lit})`);
console.log(
  r.rows
    .map((x) => x['QUERY PLAN'])
    .filter((l) => /Planning|Execution/.test(l))
    .join('\n'),
);
client.release();
await pool.end();
void sql;
