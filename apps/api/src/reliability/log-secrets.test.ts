/**
 * The log of a full server session holds no secret. The real server runs at LOG_LEVEL=info with
 * mail going to a local SMTP listener (as in production); the session registers, signs in (and
 * fails to), changes a password, resets one through the mailed link, orders, and sends a
 * revoked token. Then no line of stdout or stderr may contain a password, a password hash, a
 * JWT, the reset token (or its hash) or JWT_SECRET, and every request's lines carry its id.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { ADDRESS } from '#api/modules/orders/order-test-kit.ts';
import {
  createProduct,
  createSeller,
  createUser,
  FIXTURE_PASSWORD,
  FIXTURE_PASSWORD_HASH,
} from '#api/test/fixtures.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import {
  buildServer,
  createServerDatabase,
  JWT_SECRET,
  type ServerDatabase,
  type ServerProcess,
  startServerProcess,
} from './server-process';

/** The plain text of a single-part mail as nodemailer writes it. */
function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const joined = body.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe('the log of a full session', () => {
  let database: ServerDatabase;
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  let server: ServerProcess | null = null;
  let smtp: SmtpListener;
  let productId = '';
  let adminEmail = '';

  beforeAll(async () => {
    smtp = await startSmtpListener();
    bundle = await buildServer();
    database = await createServerDatabase();
    await database.use(async ({ db }) => {
      const { user: seller } = await createSeller(db, { seller: { hasSwish: true, swishNumber: '1231234567' } });
      productId = (await createProduct(db, seller.id, { countInStock: 10 })).id;
      adminEmail = (await createUser(db, { isAdmin: true })).email;
    });
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    bundle?.remove();
    await smtp?.close();
  });

  it('holds no password, hash, token or key, and a request id on every request line', async () => {
    server = await startServerProcess(bundle.entry, database, {
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
    });
    const base = server.url;
    const send = async (method: string, path: string, body?: unknown, token?: string, raw?: string) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'x-request-id': `log-test-${method}-${path.length}-${Date.now()}`,
        },
        ...(raw !== undefined ? { body: raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
    };

    const email = 'loggad@example.se';
    const passwords = {
      first: 'Forsta-Hemliga-Losen-71',
      wrong: 'Fel-Losen-Gissning-72',
      second: 'Andra-Hemliga-Lösen-73',
      third: 'Tredje-Hemliga-Losen-74',
      malformed: 'Trasig-Json-Losen-75',
    };
    const tokens: string[] = [];

    const registered = await send('POST', '/api/users/register', {
      name: 'Logg Loggsson',
      email,
      password: passwords.first,
    });
    expect(registered.status).toBe(201);
    tokens.push(String(registered.json().token));
    expect((await send('POST', '/api/users/signin', { email, password: passwords.wrong })).status).toBe(401);
    const signedIn = await send('POST', '/api/users/signin', { email, password: passwords.first });
    expect(signedIn.status).toBe(200);
    tokens.push(String(signedIn.json().token));
    const changed = await send('PUT', '/api/users/profile', { password: passwords.second }, tokens[1]);
    expect(changed.status).toBe(200);
    tokens.push(String(changed.json().token));

    // The reset flow, through the mailed link.
    expect((await send('POST', '/api/users/forgot_password', { email })).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (smtp.inbox.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const resetToken = /\/reset_password\/([A-Za-z0-9_-]+)/.exec(mailText(smtp.inbox[0]?.raw ?? ''))?.[1] ?? '';
    expect(resetToken).toHaveLength(43);
    await send('GET', `/reset_password/${resetToken}`);
    const reset = await send('POST', '/api/users/reset_password', {
      email,
      new_password: passwords.third,
      reset_password_token: resetToken,
    });
    expect(reset.status).toBe(200);
    const again = await send('POST', '/api/users/signin', { email, password: passwords.third });
    expect(again.status).toBe(200);
    const token = String(again.json().token);
    tokens.push(token);

    // Orders, a revoked token, a token in the URL, malformed JSON with a password, an admin.
    const order = await send(
      'POST',
      '/api/orders',
      { orderItems: [{ product: productId, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
      token,
    );
    expect(order.status).toBe(201);
    expect((await send('GET', '/api/orders/mine', undefined, token)).status).toBe(200);
    expect((await send('PUT', '/api/users/profile', {}, tokens[0])).status).toBe(401);
    await send('GET', `/api/orders/mine?token=${token}`);
    const malformed = `{"email":"${email}","password":"${passwords.malformed}"`;
    expect((await send('POST', '/api/users/signin', undefined, undefined, malformed)).status).toBe(400);
    const admin = await send('POST', '/api/users/signin', { email: adminEmail, password: FIXTURE_PASSWORD });
    expect(admin.status).toBe(200);
    tokens.push(String(admin.json().token));
    expect((await send('GET', '/api/users', undefined, tokens.at(-1))).status).toBe(200);

    const running = server;
    await running.stop();
    server = null;
    const hashes = await database.use(async ({ db }) =>
      (await db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash),
    );

    const secrets: [string, string][] = [
      ...Object.entries(passwords),
      ['fixture password', FIXTURE_PASSWORD],
      ['fixture password hash', FIXTURE_PASSWORD_HASH],
      ...hashes.map((hash, i): [string, string] => [`password hash ${i}`, hash]),
      ...tokens.map((jwt, i): [string, string] => [`JWT ${i}`, jwt]),
      ...tokens.map((jwt, i): [string, string] => [`JWT signature ${i}`, jwt.split('.')[2] ?? jwt]),
      ['reset token', resetToken],
      ['reset token hash', createHash('sha256').update(resetToken).digest('hex')],
      ['JWT_SECRET', JWT_SECRET],
    ];
    const lines = running.lines;
    expect(lines.filter((line) => line.includes('incoming request')).length).toBeGreaterThanOrEqual(15);
    const leaks = lines.flatMap((line, n) =>
      secrets.filter(([, secret]) => secret && line.includes(secret)).map(([name]) => `line ${n + 1}: ${name}`),
    );
    expect(leaks).toEqual([]);
    expect(lines.filter((line) => /authorization|bearer /i.test(line))).toEqual([]);

    // Every line about a request is JSON and names the request it belongs to.
    const requestLines = lines.filter((line) => line.includes('"req"') || line.includes('"res"'));
    for (const line of requestLines) {
      const entry = JSON.parse(line) as { reqId?: string };
      expect(entry.reqId, line).toMatch(/^log-test-/);
    }
  }, 45_000);
});
