/**
 * "At least one admin remains" under concurrency: two admins who demote or delete
 * each other at the same moment. On PostgreSQL the two requests run on two connections at once;
 * on PGlite (one connection) they are serialised, and the rule is still shown.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUNDS = process.env.TORGET_TEST_DB === 'postgres' ? 25 : 3;

async function adminCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deletedAt)));
  return Number(row?.n);
}

/** Two fresh admins, the only ones: every earlier admin is demoted first. */
async function twoAdmins() {
  await t.database.db.update(users).set({ isAdmin: false });
  const a = await createUser(t.database.db, { name: 'Admin A', isAdmin: true });
  const b = await createUser(t.database.db, { name: 'Admin B', isAdmin: true });
  const [sessionA, sessionB] = await Promise.all([signInAs(t.app, a.email), signInAs(t.app, b.email)]);
  return { a: { id: a.id, token: sessionA.token }, b: { id: b.id, token: sessionB.token } };
}

describe('at least one admin remains', () => {
  it('when two admins demote each other at the same moment', async () => {
    const outcomes: number[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoAdmins();
      const demote = (by: { token: string }, target: { id: string }) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${target.id}`,
          headers: bearer(by.token),
          payload: { is_admin: false },
        });
      const answers = await Promise.all([demote(a, b), demote(b, a)]);
      outcomes.push(answers.map((r) => r.statusCode).sort());
      expect(await adminCount(), `round ${round}: ${answers.map((r) => r.body).join(' | ')}`).toBe(1);
    }
    // Exactly one of each pair succeeds. The other is refused: as the last admin (400), or, when
    // it was checked after the first had committed, as no admin any more (403).
    for (const statuses of outcomes) {
      expect(statuses[0]).toBe(200);
      expect([400, 403]).toContain(statuses[1]);
    }
  });

  it('when two admins delete each other at the same moment', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoAdmins();
      const remove = (by: { token: string }, target: { id: string }) =>
        t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}`, headers: bearer(by.token) });
      const answers = await Promise.all([remove(a, b), remove(b, a)]);
      expect(await adminCount(), `round ${round}: ${answers.map((r) => r.body).join(' | ')}`).toBe(1);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    }
  });

  it('when one admin demotes the other while being deleted by them', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoAdmins();
      await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${b.id}`,
          headers: bearer(a.token),
          payload: { is_admin: false },
        }),
        t.app.inject({ method: 'DELETE', url: `/api/users/${a.id}`, headers: bearer(b.token) }),
      ]);
      expect(await adminCount(), `round ${round}`).toBe(1);
    }
  });
});
