/**
 * /api/users/payout-account (the seller) and /api/users/{id}/payout-account (admins): accounts of
 * each type checked for real, answered masked, the mail of a change through the real mailer to an
 * SMTP listener, the 3-day hold, and everyone else refused.
 */
import type { PayoutAccountAnswer } from '@torget/shared/api-types.generated';
import { PAYOUT_MESSAGES } from '@torget/shared/rules/payout-account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerPayoutAccounts } from '#api/db/schema.ts';
import { customer, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { payoutAccountForPayout, payoutAccountUsableAt } from '#api/modules/sellers/payout-account.service.ts';
import { bearer } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let smtp: SmtpListener;
let anna: Session;
let admin: Session;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ smtpUrl: smtp.url });
  anna = await shop(t, { name: 'Annas Ateljé' });
  admin = await customer(t, 'Admin Adminsson', true);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const DAY = 24 * 60 * 60 * 1000;

const put = (who: Session | null, payload: object, language = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/payout-account',
    headers: { ...(who ? bearer(who.token) : {}), 'accept-language': language },
    payload,
  });
const get = (who: Session | null, url = '/api/users/payout-account') =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });

/** A mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The payout mails to `to` that arrived at the SMTP listener, waiting up to 5 s for `count`. */
async function payoutMails(to: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = smtp.inbox
      .filter((m) => m.to.includes(to.toLowerCase()))
      .map((m) => mailText(m.raw))
      .filter((text) => text.includes('utbetalningskonto'));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('setting a payout account', () => {
  it('accepts each type, answers it masked and never the whole number', async () => {
    const seller = await shop(t, { name: 'Typbutiken' });
    for (const [payload, masked, bankName, full] of [
      [
        { type: 'bank_account', clearingNumber: '8327-9', accountNumber: '123 456 789-7' },
        '•••• 7897',
        'Swedbank',
        '1234567897',
      ],
      [{ type: 'bankgiro', bankgiro: '5050-1055' }, '•••• 1055', null, '50501055'],
      [
        { type: 'iban', iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSESESS' },
        '•••• 7466',
        null,
        'SE4550000000058398257466',
      ],
    ] as const) {
      const res = await put(seller, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(full.slice(0, -4));
      const answer = res.json() as PayoutAccountAnswer;
      expect(answer.account).toMatchObject({ type: payload.type, masked, bankName });
      const read = await get(seller);
      expect(read.json()).toEqual(answer);
      expect(read.body).not.toContain(full.slice(0, -4));
    }
    // Stored whole, digits only, for the payout batch on the server.
    expect(await payoutAccountForPayout(t.database.db, seller.id)).toMatchObject({
      type: 'iban',
      number: 'SE4550000000058398257466',
      bic: 'ESSESESS',
    });
  });

  it('refuses invalid accounts of each type with 400 naming the field, and keeps the stored one', async () => {
    const seller = await shop(t, { name: 'Felbutiken' });
    expect((await put(seller, { type: 'bankgiro', bankgiro: '5050-1055' })).statusCode).toBe(200);
    for (const [payload, message] of [
      [
        { type: 'bank_account', clearingNumber: '5000', accountNumber: '1234567' },
        `Invalid accountNumber: ${PAYOUT_MESSAGES.accountInvalid}`,
      ],
      [
        { type: 'bank_account', clearingNumber: '9999', accountNumber: '1234567' },
        `Invalid clearingNumber: ${PAYOUT_MESSAGES.clearingUnknown}`,
      ],
      [
        { type: 'bank_account', accountNumber: '1234560' },
        `Invalid clearingNumber: ${PAYOUT_MESSAGES.clearingRequired}`,
      ],
      [{ type: 'bankgiro', bankgiro: '5050-1056' }, `Invalid bankgiro: ${PAYOUT_MESSAGES.bankgiroInvalid}`],
      [{ type: 'bankgiro', bankgiro: '12345' }, `Invalid bankgiro: ${PAYOUT_MESSAGES.bankgiroFormat}`],
      [{ type: 'iban', iban: 'SE4550000000058398257467' }, `Invalid iban: ${PAYOUT_MESSAGES.ibanInvalid}`],
      [{ type: 'iban', iban: 'SE4550000000058398257466', bic: 'ESSE' }, `Invalid bic: ${PAYOUT_MESSAGES.bicInvalid}`],
      [{ type: 'cash' }, `Invalid type: ${PAYOUT_MESSAGES.typeRequired}`],
      [{ type: 'bankgiro', bankgiro: '1'.repeat(40) }, 'Invalid bankgiro: At most 12 characters.'],
    ] as const) {
      const res = await put(seller, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(((await get(seller)).json() as PayoutAccountAnswer).account?.masked).toBe('•••• 1055');
  });
});

describe('a change', () => {
  it('mails the seller in the language of the change, and holds payouts for 3 days', async () => {
    const seller = await shop(t, { name: 'Hållbutiken' });
    const before = Date.now();
    const first = await put(seller, { type: 'bankgiro', bankgiro: '5050-1055' }, 'sv');
    expect(first.statusCode).toBe(200);
    const answer = first.json() as PayoutAccountAnswer;
    const heldUntil = new Date(answer.payoutHeldUntil ?? 0).getTime();
    expect(heldUntil).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(heldUntil).toBeLessThanOrEqual(Date.now() + 3 * DAY);
    expect((await payoutAccountUsableAt(t.database.db, seller.id))?.toISOString()).toBe(answer.payoutHeldUntil);

    const [swedish] = await payoutMails(seller.email, 1);
    expect(swedish).toContain('Subject: =?UTF-8?');
    expect(swedish).toContain('har ändrats till: Bankgiro •••• 1055.');
    expect(swedish).not.toContain('50501055');
    expect(swedish).not.toContain('payout account was changed');

    // The same account again is no change: no new hold, no mail.
    const again = await put(seller, { type: 'bankgiro', bankgiro: '50501055' });
    expect(again.json()).toEqual(answer);

    // Once the hold is over the answer says so; a change starts it again and mails in English too.
    await t.database.db
      .update(sellerPayoutAccounts)
      .set({ changedAt: new Date(Date.now() - 4 * DAY) })
      .where(eq(sellerPayoutAccounts.sellerId, seller.id));
    expect(((await get(seller)).json() as PayoutAccountAnswer).payoutHeldUntil).toBeNull();
    expect((await payoutAccountUsableAt(t.database.db, seller.id))?.getTime()).toBeLessThan(Date.now());
    const changed = await put(seller, { type: 'iban', iban: 'DE89 3704 0044 0532 0130 00' });
    expect((changed.json() as PayoutAccountAnswer).payoutHeldUntil).not.toBeNull();

    const mails = await payoutMails(seller.email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('was changed to: IBAN •••• 3000.');
    expect(mails[1]).not.toContain('370400440532013000');
  });

  it('saves even when no mail can be sent', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const seller = await shop(broken, { name: 'Tystbutiken' });
      const res = await broken.app.inject({
        method: 'PUT',
        url: '/api/users/payout-account',
        headers: bearer(seller.token),
        payload: { type: 'bankgiro', bankgiro: '5050-1055' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await payoutAccountUsableAt(broken.database.db, seller.id)).not.toBeNull();
    } finally {
      await broken.close();
    }
  });

  it('has no account and no hold before one is set', async () => {
    const seller = await shop(t, { name: 'Nybutiken' });
    expect((await get(seller)).json()).toEqual({ account: null, payoutHeldUntil: null });
    expect(await payoutAccountUsableAt(t.database.db, seller.id)).toBeNull();
    expect(await payoutAccountForPayout(t.database.db, seller.id)).toBeNull();
  });
});

describe('who may read or set it', () => {
  it('refuses visitors, customers and applicants; the account is always the token’s seller’s', async () => {
    const kim = await customer(t, 'Kim Köpare');
    const valid = { type: 'bankgiro', bankgiro: '5050-1055' };
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, valid)).statusCode).toBe(401);
    expect((await get(kim)).statusCode).toBe(403);
    expect((await put(kim, valid)).statusCode).toBe(403);
    // An admin who is no seller has no own payout account.
    expect((await put(admin, valid)).statusCode).toBe(403);
    expect(await payoutAccountUsableAt(t.database.db, kim.id)).toBeNull();
  });

  it('lets admins read a seller’s account masked, and no one else', async () => {
    await put(anna, { type: 'bank_account', clearingNumber: '5000', accountNumber: '1234560' });
    const url = `/api/users/${anna.id}/payout-account`;
    const res = await get(admin, url);
    expect(res.statusCode).toBe(200);
    expect((res.json() as PayoutAccountAnswer).account).toMatchObject({
      type: 'bank_account',
      masked: '•••• 4560',
      bankName: 'SEB',
    });
    expect(res.body).not.toContain('1234560');
    expect((await get(anna, url)).statusCode).toBe(403);
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(admin, `/api/users/${admin.id}/payout-account`)).statusCode).toBe(404);
    expect((await get(admin, '/api/users/not-a-uuid/payout-account')).statusCode).toBe(404);
  });
});
