import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createProduct, createSeller } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { escapeLike } from './catalog.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await createSeller(t.database.db);
  for (let i = 0; i < 20; i++) await createProduct(t.database.db, user.id, { name: `Lampa nummer ${i}` });
});
afterAll(() => t.close());

/** The planner's text for the name condition the catalogue uses (see catalog.service.ts). */
async function planFor(term: string): Promise<string> {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  // In one transaction, so the setting holds for the EXPLAIN on the same connection.
  return t.database.db.transaction(async (tx) => {
    // With sequential scans priced out, the plan shows whether the index can serve the condition
    // at all; with a handful of rows the planner would otherwise rightly pick a scan.
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      tx,
      sql`explain select id from products where lower(name) like ${pattern} escape '\\'`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('name search', () => {
  it('is served by the trigram index for terms of three or more characters', async () => {
    for (const term of ['lamp', 'LAMPA NUMMER', '100%', 'a_b']) {
      const plan = await planFor(term);
      expect(plan, term).toContain('products_name_trgm_idx');
      expect(plan, term).not.toMatch(/Seq Scan on products/);
    }
  });
});
