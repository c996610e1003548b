/** Which site a host is, against a real database. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { findShopByDomain } from '#api/modules/users/shop-by-domain.service.ts';
import { createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { resolveSite } from './resolve-site';

const MAIN_HOSTS = ['torget.test', 'localhost', '127.0.0.1'];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mainHosts: MAIN_HOSTS });
});
afterAll(() => t.close());

/** The statements a call sends to the database. */
async function statementsOf(call: () => Promise<unknown>): Promise<number> {
  const before = t.database.statementCount();
  await call();
  return t.database.statementCount() - before;
}

describe('resolveSite', () => {
  it('answers the marketplace for a main host, in any case and with a port, without a query', async () => {
    const db = t.database.db;
    for (const host of ['torget.test', 'TORGET.test:8443', 'localhost:3000', '127.0.0.1', 'torget.test.']) {
      expect(await resolveSite(db, MAIN_HOSTS, host)).toEqual({ kind: 'marketplace' });
    }
    expect(await statementsOf(() => resolveSite(db, MAIN_HOSTS, 'torget.test'))).toBe(0);
  });

  it('answers a seller’s shop for their domain, with what a visitor reads of the seller', async () => {
    const { user } = await createSeller(t.database.db, {
      seller: { domain: 'butik-resolve.test', name: 'Butik Resolve', subtitle: 'Handgjort' },
    });
    const site = await resolveSite(t.database.db, MAIN_HOSTS, 'Butik-Resolve.TEST:3000');
    // The same profile GET /api/users/{id} answers a visitor.
    const publicAnswer = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}` });
    expect(site).toEqual({ kind: 'shop', seller: publicAnswer.json() });
    expect(await statementsOf(() => resolveSite(t.database.db, MAIN_HOSTS, 'butik-resolve.test'))).toBe(1);
  });

  it('answers unknown for a domain no active seller owns', async () => {
    const { user } = await createSeller(t.database.db, { seller: { domain: 'stangd-resolve.test' } });
    expect(await resolveSite(t.database.db, MAIN_HOSTS, 'nobody.test')).toEqual({ kind: 'unknown' });
    expect(await resolveSite(t.database.db, MAIN_HOSTS, 'stangd-resolve.test')).toMatchObject({ kind: 'shop' });
    await t.database.db.update(users).set({ isSeller: false }).where(eq(users.id, user.id));
    expect(await resolveSite(t.database.db, MAIN_HOSTS, 'stangd-resolve.test')).toEqual({ kind: 'unknown' });
    await t.database.db.update(users).set({ isSeller: true, deletedAt: new Date() }).where(eq(users.id, user.id));
    expect(await resolveSite(t.database.db, MAIN_HOSTS, 'stangd-resolve.test')).toEqual({ kind: 'unknown' });
  });

  it('answers unknown without a query for a host that cannot be a domain', async () => {
    for (const host of ['10.0.0.5', '[::1]:3000', '', 'a b.test', "x'.test"]) {
      expect(await statementsOf(() => findShopByDomain(t.database.db, host))).toBe(0);
      expect(await resolveSite(t.database.db, MAIN_HOSTS, host)).toEqual({ kind: 'unknown' });
    }
  });
});
