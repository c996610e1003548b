import type { TopSeller } from '@torget/shared/api-types.generated';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { TOP_SELLERS_COUNT, topSellersQuery } from '#api/modules/sellers/sellers.service.ts';
import { createSeller, createUser } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const topSellers = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/top-sellers' });
  expect(res.statusCode).toBe(200);
  return res.json() as TopSeller[];
};

describe('GET /api/users/top-sellers', () => {
  it('answers an empty list when there are no sellers', async () => {
    expect(await topSellers()).toEqual([]);
  });

  it('lists active sellers by rating with their public brief only', async () => {
    const db = t.database.db;
    await createUser(db, { name: 'Bara Kund' });
    await createSeller(db, {
      user: { name: 'Applicant', isSeller: false, wantsToBeSeller: true },
      seller: { rating: 5 },
    });
    const low = await createSeller(db, { seller: { name: 'Låg', rating: 2, numReviews: 3 } });
    const high = await createSeller(db, {
      seller: { name: 'Hög', rating: 4.5, numReviews: 10, logo: '/uploads/l.webp', hasLogo: true },
    });
    const list = await topSellers();
    expect(list.map((s) => s._id)).toEqual([high.user.id, low.user.id]);
    expect(list[0]).toEqual({
      _id: high.user.id,
      name: high.user.name,
      seller: { name: 'Hög', logo: '/uploads/l.webp', has_logo: true, rating: 4.5, numReviews: 10 },
    });
    expect(JSON.stringify(list)).not.toMatch(/email|password|argon/i);
  });

  it(`shows at most ${TOP_SELLERS_COUNT}`, async () => {
    for (let i = 0; i < TOP_SELLERS_COUNT + 2; i++) await createSeller(t.database.db);
    expect(await topSellers()).toHaveLength(TOP_SELLERS_COUNT);
  });

  it("is planned once, and read in the order of the sellers' rating index", async () => {
    const db = t.database.db;
    const { sql: text, params } = topSellersQuery(db).toSQL();
    // No parameter: PostgreSQL plans a prepared statement without one once, for every run.
    expect(params).toEqual([]);
    // With sorting priced out, the order must come from the index: its NULLS order matches.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_sort', 'off', true)`);
      return queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${text}`));
    });
    const lines = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(lines).toContain('sellers_rating_idx');
    expect(lines).not.toMatch(/(^|-> {2})Sort /m);
  });
});
