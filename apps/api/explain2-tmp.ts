import { productListQuerySchema } from '@torget/shared/schemas/product-query';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { productListStatement } from './src/modules/catalog/product-list.service';
import { dictionaryWordsOf } from './src/modules/catalog/word-search';

const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/torget_bench_b54fac3e', max: 1 });
const db = drizzle(pool);
const query = productListQuerySchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const words = await dictionaryWordsOf(db as never, query, { typos: false });
const { sql: text, params } = new PgDialect().sqlToQuery(productListStatement(db as never, query, { typos: false }, words));
for (let i = 0; i < 3; i++) await pool.query(text, params);
const r = await pool.query(`explain (analyze, costs off, timing on) ${text}`, params);
const lines = r.rows.map((x) => x['QUERY PLAN'] as string);
console.log(process.argv[3] === 'full' ? lines.join('\n') : lines.filter((l) => /Planning Time|Execution Time/.test(l)).join(' | '));
await pool.end();
