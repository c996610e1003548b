/**
 * /api/seller-applications: the admins' queue of pending applications with every field, the
 * decision with a reason (a rejection needs one), the applicant's mail through the real mailer to
 * an SMTP listener in the application's language with a link to the application page on the
 * marketplace's public origin, a rejected applicant applying again, the user edit's toggle doing
 * and recording the same, and everyone else refused.
 */
import type {
  OwnSellerApplication,
  PendingSellerApplication,
  PendingSellerApplicationList,
  TopSeller,
  UserDetails,
} from '@torget/shared/api-types.generated';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { ledgerEntries, sellerApplicationEvents, users } from '#api/db/schema.ts';
import { ALREADY_APPROVED, ALREADY_DECIDED, NO_APPLICATION } from '#api/modules/sellers/seller-applications.service.ts';
import { createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

/** Not the host the requests come in on: the mails' links must come from PUBLIC_URL. */
const PUBLIC_URL = 'https://torget.example:8443';

let t: TestApp;
let smtp: SmtpListener;
let admin: { id: string; token: string };
let customer: { id: string; token: string };

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
  admin = await person('Admin Adminsson', true);
  customer = await person('Kim Kund');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function person(name: string, isAdmin = false) {
  const user = await createUser(t.database.db, { name, isAdmin });
  return { id: user.id, email: user.email, token: (await signInAs(t.app, user.email)).token };
}

const FIELDS = {
  seller_name: 'Mikaels Möbler',
  seller_address: 'Verkstadsgatan 4',
  seller_post_number: '413 27',
  seller_city: 'Göteborg',
  seller_phone: '031-12 34 56',
  seller_organisation_number: '556677-8899',
  seller_type: 'business',
  seller_legal_name: 'Mikaels Möbler AB',
  seller_self_certified: true,
  seller_description: '<p>Begagnade möbler, renoverade för hand.</p>',
};

/** Sends the Create Shop form as the web app does, in `language`. */
async function apply(token: string, language: 'sv' | 'en', fields: Record<string, unknown> = {}, plan = '2') {
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    headers: { ...bearer(token), 'accept-language': language },
    payload: { ...FIELDS, ...fields, wants_to_be_seller: true, seller_plan: plan },
  });
}

async function applicant(name: string, language: 'sv' | 'en', fields: Partial<typeof FIELDS> = {}) {
  const who = await person(name);
  const res = await apply(who.token, language, fields);
  expect(res.statusCode, res.body).toBe(200);
  return who;
}

const queue = async (token = admin.token) =>
  t.app.inject({ method: 'GET', url: '/api/seller-applications', headers: bearer(token) });
const queued = async () => (await queue()).json() as PendingSellerApplication[];
const decide = (userId: string, payload: object, token: string | null = admin.token) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/seller-applications/${userId}`,
    headers: token ? bearer(token) : {},
    payload,
  });
const mine = async (token: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/seller-applications/mine', headers: bearer(token) })
  ).json() as OwnSellerApplication;
const details = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(admin.token) })).json() as UserDetails;

/** A mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The mails to `to` that arrived at the SMTP listener, waiting up to 5 s for `count` of them. */
async function mailsTo(to: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = smtp.inbox.filter((m) => m.to.includes(to.toLowerCase())).map((m) => mailText(m.raw));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const emailOf = async (id: string) => (await details(id)).email;

describe('the queue', () => {
  it("shows a private applicant's identity: the personal number whole, to the admin only", async () => {
    const petra = await person('Petra Privat');
    const res = await apply(petra.token, 'sv', {
      seller_type: 'private',
      seller_legal_name: 'Petra Privat',
      seller_organisation_number: '',
      // A real personal identity number: its last digit is the Luhn check digit.
      seller_personal_number: '19790412-5619',
    });
    expect(res.statusCode, res.body).toBe(200);
    const queuedPetra = (await queued()).find((a) => a._id === petra.id);
    expect(queuedPetra?.seller).toMatchObject({
      type: 'private',
      legal_name: 'Petra Privat',
      organisation_number: '',
      personal_number: '19790412-5619',
    });
    expect((await queue(customer.token)).statusCode).toBe(403);
  });

  it('lists pending applications oldest application first, with every field the applicant gave', async () => {
    // Made in one order, applying in the other: the queue follows the applications.
    const later = await person('Lena Senare');
    const first = await applicant('Frida Först', 'sv', { seller_city: 'Umeå' });
    expect((await apply(later.token, 'en', { seller_name: 'Lenas Lampor' })).statusCode).toBe(200);
    const seller = await applicant('Sara Säljare', 'sv');
    await decide(seller.id, { approved: true });

    const res = await queue();
    expect(res.statusCode).toBe(200);
    const list = res.json() as PendingSellerApplication[];
    const ids = list.map((a) => a._id);
    expect(ids).toContain(first.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(seller.id);
    expect(ids).not.toContain(customer.id);
    const frida = list.find((a) => a._id === first.id);
    expect(frida).toMatchObject({
      name: 'Frida Först',
      email: await emailOf(first.id),
      language: 'sv',
      decisions: [],
      seller: {
        plan: '2',
        name: FIELDS.seller_name,
        address: FIELDS.seller_address,
        post_number: FIELDS.seller_post_number,
        city: 'Umeå',
        phone: FIELDS.seller_phone,
        organisation_number: FIELDS.seller_organisation_number,
        type: 'business',
        legal_name: FIELDS.seller_legal_name,
        self_certified_at: expect.any(String),
        description: FIELDS.seller_description,
      },
    });
    expect(list.find((a) => a._id === later.id)).toMatchObject({ language: 'en', seller: { name: 'Lenas Lampor' } });
    const times = list.map((a) => a.applied_at);
    expect([...times].sort()).toEqual(times);
  });

  it('is for admins only', async () => {
    expect((await queue(customer.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/seller-applications' })).statusCode).toBe(401);
    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/seller-applications?page=1',
      headers: bearer(customer.token),
    });
    expect(paged.statusCode).toBe(403);
  });

  it("pages with ?page=: 20 a page in the whole queue's order, with the page, pages and count", async () => {
    // 45 more applicants, written straight to the database: each applied at its own minute, one
    // in five long ago and again now (its latest application counts), one in nine without a
    // recorded application (its shop's creation counts).
    await t.database.db.execute(sql`
      with made as (
        insert into users (name, email, password_hash, wants_to_be_seller)
        select 'Köande ' || i, 'koande' || i || '@example.se', 'x', true from generate_series(1, 45) as i
        returning id, split_part(name, ' ', 2)::int as i
      ), shops as (
        insert into sellers (user_id, name, email, created_at)
        select id, 'Butik ' || i, 'butik@example.se', now() - interval '2 days' + make_interval(mins => i) from made
        returning user_id, created_at
      )
      insert into seller_application_events (user_id, kind, language, created_at)
      select shops.user_id, 'applied', 'sv', at
        from shops join made on made.id = shops.user_id,
             lateral (select shops.created_at + interval '1 second' as at
                      union all select now() + interval '1 hour' where made.i % 5 = 0) as applications
       where made.i % 9 <> 0`);
    const whole = await queued();
    const [overview] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users join sellers on sellers.user_id = users.id
          where wants_to_be_seller and not is_seller and deleted_at is null`,
    );
    expect(whole.length).toBe(overview?.n);
    expect(whole.length).toBeGreaterThan(45);
    const pages = Math.ceil(whole.length / 20);
    const read: PendingSellerApplication[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/seller-applications?page=${page}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as PendingSellerApplicationList;
      expect(answer).toMatchObject({ page, pages, count: whole.length });
      expect(answer.applications).toHaveLength(page < pages ? 20 : whole.length - 20 * (pages - 1));
      read.push(...answer.applications);
    }
    // Every field as in the whole queue, in its order: oldest application first.
    expect(read).toEqual(whole);
    const times = read.map((a) => a.applied_at);
    expect([...times].sort()).toEqual(times);
    // Applied again: at the end, by its latest application.
    expect(read.at(-1)?.name).toMatch(/^Köande \d*[05]$/);
    // Past the last page: none, with the figures.
    const past = await t.app.inject({
      method: 'GET',
      url: `/api/seller-applications?page=${pages + 1}`,
      headers: bearer(admin.token),
    });
    expect(past.json()).toMatchObject({ applications: [], page: pages + 1, pages, count: whole.length });
    // The admin menu's count: the overview's.
    const counts = (
      await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(admin.token) })
    ).json().counts as { key: string; count: number }[];
    expect(counts.find((c) => c.key === 'openApplications')?.count).toBe(whole.length);
    for (const bad of ['0', 'x', '1.5']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/seller-applications?page=${bad}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('rejecting, applying again, approving', () => {
  it('rejects with a reason, mails it in Swedish, and lets the applicant fix the application', async () => {
    const nils = await applicant('Nils Nilsson', 'sv');
    expect(await mine(nils.token)).toEqual({ state: 'pending', decision: null });
    const reason = 'Organisationsnumret hör till ett annat företag.';

    const rejected = await decide(nils.id, { approved: false, reason: `  ${reason} ` });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await queued()).map((a) => a._id)).not.toContain(nils.id);
    expect(await details(nils.id)).toMatchObject({ is_seller: false, wants_to_be_seller: false });
    expect(await mine(nils.token)).toMatchObject({ state: 'rejected', decision: { decision: 'rejected', reason } });

    const [mail] = await mailsTo(await emailOf(nils.id), 1);
    expect(mail).toContain(`Skäl: ${reason}`);
    expect(mail).toContain(`Du kan ändra ansökan och skicka den igen: ${PUBLIC_URL}/seller_application`);
    expect(mail).not.toContain('Reason:');

    const again = await decide(nils.id, { approved: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: ALREADY_DECIDED });

    // Fixed and sent again: pending once more, beside why it was rejected.
    expect((await apply(nils.token, 'sv', { seller_organisation_number: '556036-0793' })).statusCode).toBe(200);
    expect(await mine(nils.token)).toMatchObject({ state: 'pending', decision: { decision: 'rejected', reason } });
    const back = (await queued()).find((a) => a._id === nils.id);
    expect(back).toMatchObject({
      seller: { organisation_number: '556036-0793' },
      decisions: [{ decision: 'rejected', reason }],
    });

    const approved = await decide(nils.id, { approved: true, reason: '' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await details(nils.id)).toMatchObject({ is_seller: true });
    expect(await mine(nils.token)).toMatchObject({ state: 'approved', decision: { decision: 'approved' } });
    const mails = await mailsTo(await emailOf(nils.id), 2);
    expect(mails[1]).toContain('Din ansökan är godkänd');
    expect(mails[1]).toContain(`Din ansökan: ${PUBLIC_URL}/seller_application`);
    expect(mails[1]).not.toContain('Welcome as a seller');
    const decided = await decide(nils.id, { approved: false, reason: 'Ändrat mig.' });
    expect(decided.statusCode).toBe(409);
    expect(decided.json()).toMatchObject({ message: ALREADY_APPROVED });

    const events = await t.database.db
      .select()
      .from(sellerApplicationEvents)
      .where(eq(sellerApplicationEvents.userId, nils.id))
      .orderBy(sellerApplicationEvents.id);
    expect(events.map((e) => [e.kind, e.reason, e.adminId])).toEqual([
      ['applied', '', null],
      ['rejected', reason, admin.id],
      ['applied', '', null],
      ['approved', '', admin.id],
    ]);
  });

  it('approves as the toggle does: the seller role, the plan fee booked, the shop public at once, a mail in English and Swedish', async () => {
    const olle = await applicant('Olle Engelsk', 'en', { seller_name: 'Olles Ost' });
    // Cached before the approval: the approval must drop it.
    const before = (await t.app.inject({ method: 'GET', url: '/api/users/top-sellers' })).json() as TopSeller[];
    expect(before.map((s) => s._id)).not.toContain(olle.id);

    const res = await decide(olle.id, { approved: true, reason: 'Välkommen!' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: olle.id, decision: 'approved' });
    const fees = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, olle.id), eq(ledgerEntries.kind, 'plan_fee')));
    expect(fees.map((f) => f.amountOre)).toEqual([-29_900]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/users/top-sellers' })).json() as TopSeller[];
    expect(after.map((s) => s._id)).toContain(olle.id);

    const [mail] = await mailsTo(await emailOf(olle.id), 1);
    expect(mail).toContain('Kommentar: Välkommen!');
    expect(mail).toContain('Welcome as a seller on Torget! Your application is approved');
    expect(mail).toContain(`Your application: ${PUBLIC_URL}/seller_application`);
    expect(mail).toContain(`${PUBLIC_URL}/seller/${olle.id}`);
  });
  it('is made once when two admins decide at the same moment: the other is told it was decided', async () => {
    const second = await person('Andra Admin', true);
    const who = await applicant('Samtidig Sökande', 'sv');
    const answers = await Promise.all([
      decide(who.id, { approved: true }),
      decide(who.id, { approved: false, reason: 'Samtidigt beslut.' }, second.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const decisions = await t.database.db
      .select()
      .from(sellerApplicationEvents)
      .where(
        and(
          eq(sellerApplicationEvents.userId, who.id),
          inArray(sellerApplicationEvents.kind, ['approved', 'rejected']),
        ),
      );
    expect(decisions).toHaveLength(1);
    expect((await mine(who.token)).state).toBe(decisions[0]?.kind);
  });
});

describe('a decision refused', () => {
  it('without a reason for a rejection, or with a malformed body', async () => {
    const who = await applicant('Vera Väntar', 'sv');
    for (const payload of [
      { approved: false },
      { approved: false, reason: '   ' },
      { approved: false, reason: 'x'.repeat(2001) },
      { reason: 'Saknar beslut' },
      { approved: 'yes', reason: 'Strängt' },
      { approved: true, reason: 42 },
    ]) {
      const res = await decide(who.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await decide(who.id, { approved: false })).json().message).toContain('reason');
    expect(await mine(who.token)).toMatchObject({ state: 'pending' });
  });

  it('for a user without an application, an unknown user, or an id that is none', async () => {
    const none = await decide(customer.id, { approved: true });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: NO_APPLICATION });
    expect((await decide('7b0c4a5e-1d7e-4c61-9a0e-3f1f0b0c0d0e', { approved: true })).statusCode).toBe(404);
    expect((await decide('not-an-id', { approved: true })).statusCode).toBe(404);
  });

  it('to anyone but an admin', async () => {
    const who = await applicant('Ivar Ivrig', 'sv');
    expect((await decide(who.id, { approved: true }, customer.token)).statusCode).toBe(403);
    expect((await decide(who.id, { approved: true }, who.token)).statusCode).toBe(403);
    expect((await decide(who.id, { approved: true }, null)).statusCode).toBe(401);
    expect(await mine(who.token)).toMatchObject({ state: 'pending' });
  });
});

describe('the user edit’s is_seller toggle', () => {
  const toggle = (id: string, isSeller: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: bearer(admin.token),
      payload: { is_seller: isSeller },
    });

  it('approves, rejects and revokes, each recorded as a decision and the applicant mailed', async () => {
    const astrid = await applicant('Astrid Toggle', 'sv');
    const res = await toggle(astrid.id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as UserDetails).is_seller).toBe(true);
    expect(await mine(astrid.token)).toMatchObject({ state: 'approved', decision: { decision: 'approved' } });
    expect((await queued()).map((a) => a._id)).not.toContain(astrid.id);
    const [approvedMail] = await mailsTo(await emailOf(astrid.id), 1);
    expect(approvedMail).toContain(`Din ansökan: ${PUBLIC_URL}/seller_application`);

    expect((await toggle(astrid.id, false)).statusCode).toBe(200);
    expect(await mine(astrid.token)).toMatchObject({ state: 'closed', decision: { decision: 'revoked' } });

    const bengt = await applicant('Bengt Toggle', 'en');
    expect((await toggle(bengt.id, false)).statusCode).toBe(200);
    expect(await mine(bengt.token)).toMatchObject({
      state: 'rejected',
      decision: { decision: 'rejected', reason: '' },
    });
    const [rejectedMail] = await mailsTo(await emailOf(bengt.id), 1);
    expect(rejectedMail).toContain(
      `You can change the application and send it again: ${PUBLIC_URL}/seller_application`,
    );
  });

  it('makes a user who never applied a seller, recorded too', async () => {
    const direct = await person('Dora Direkt');
    expect((await toggle(direct.id, true)).statusCode).toBe(200);
    expect(await mine(direct.token)).toMatchObject({ state: 'approved', decision: { decision: 'approved' } });
  });
});

describe('the history', () => {
  it('stays when the applicant or the deciding admin is deleted: they are anonymised instead', async () => {
    const judge = await person('Domare Admin', true);
    const who = await applicant('Gustav Går', 'sv');
    expect((await decide(who.id, { approved: false, reason: 'Ofullständig.' }, judge.token)).statusCode).toBe(200);
    for (const id of [who.id, judge.id]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(admin.token) });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
      expect(row?.deletedAt).not.toBeNull();
    }
    const events = await t.database.db
      .select()
      .from(sellerApplicationEvents)
      .where(eq(sellerApplicationEvents.userId, who.id));
    expect(events.map((e) => e.kind)).toEqual(['applied', 'rejected']);
  });
});
