/** Which statements count as writes for the read cache (db/client.ts, changesNoData). */
import { describe, expect, it } from 'vitest';
import { changesNoData } from './client';

describe('changesNoData', () => {
  it('reads: a SELECT, a WITH … SELECT, a parenthesised query, a transaction opened or closed', () => {
    for (const statement of [
      'select 1',
      '  SELECT * FROM products',
      'with every_match as materialized (select category from products) select count(*) from every_match',
      '\n    with sample as (select 1) select * from sample',
      '(select 1) union all (select 2)',
      "select set_config('pg_trgm.word_similarity_threshold', '0.3', true)",
      'select "products"."updated_at" from "products"',
      'begin read only',
      'set transaction read only',
      'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ',
      'commit',
      'rollback',
    ]) {
      expect(changesNoData(statement), statement).toBe(true);
    }
  });

  it('writes: INSERT, UPDATE, DELETE, a WITH holding one, and anything else', () => {
    for (const statement of [
      'insert into products (name) values ($1)',
      'update products set name = $1',
      'delete from products where id = $1',
      'with lines as (select 1), written as (insert into order_items select * from lines) insert into orders values (1)',
      'WITH gone AS (DELETE FROM t RETURNING id) SELECT count(*) FROM gone',
      'select id from products where id = $1 for update',
      'truncate products',
      'alter table products add column x int',
    ]) {
      expect(changesNoData(statement), statement).toBe(false);
    }
  });
});
