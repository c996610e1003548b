/** Builds the real app over a fresh test database, for tests that call it with app.inject. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalMainHost } from '@torget/shared/rules/hosts';
import { type App, buildApp } from '#api/app.ts';
import type { BuildOptions } from '#api/app-deps.ts';
import type { Config } from '#api/env.ts';
import type { Mail, Mailer } from '#api/lib/mailer.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#api/lib/rate-limits.ts';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: TestDatabase;
  config: Config;
  /** Every mail the app sent, newest last (none when `smtpUrl` is set: see createTestApp). */
  mails: Mail[];
  close(): Promise<void>;
}

/**
 * Tests create many accounts, reviews, orders and uploads, and sign in and ask for reset mails
 * for many e-mails, from one address: those limits are raised here, and each limit's own test
 * sets it back (DEFAULT_RATE_LIMITS) or low. Sign-in and reset mails per e-mail keep their
 * defaults (signInAs uses a fresh address each time).
 */
const RAISED = { max: 1_000_000, windowMs: 60_000 };
export const TEST_RATE_LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  signinPerAddress: RAISED,
  passwordResetPerAddress: RAISED,
  register: RAISED,
  reviews: RAISED,
  ordersPerAccount: RAISED,
  ordersPerAddress: RAISED,
  orderMessages: RAISED,
  reports: RAISED,
  uploads: RAISED,
  applicantUploads: RAISED,
};

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const mainHosts = overrides.mainHosts ?? ['localhost', '127.0.0.1'];
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    mainHosts,
    // The first main host, as app.inject reaches it (http, no port).
    publicUrl: `http://${canonicalMainHost(mainHosts)}`,
    smtpUrl: undefined,
    mailFrom: 'Torget <no-reply@torget.test>',
    paypal: { clientId: 'test-client-id', clientSecret: undefined, apiBase: 'http://127.0.0.1:9' },
    googleApiKey: 'test-maps-key',
    redisUrl: undefined,
    seedDemo: false,
    webDist: undefined,
    logLevel: 'silent',
    rateLimits: TEST_RATE_LIMITS,
    // Every answer a test receives is checked against its route's response schema (lib/openapi.ts).
    checkResponses: true,
    ...overrides,
  };
}

/** `logger`: Fastify's logger option, for a test that reads what the app logs (none by default). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, 'logger'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'torget-test-'));
  const config = testConfig(dataDir, overrides);
  const database = await createTestDatabase();
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  // With an SMTP_URL (a test's SMTP listener) the app mails through its real mailer, and `mails`
  // stays empty: the listener's inbox holds what was sent.
  const app = await buildApp({ database, config, ...(config.smtpUrl ? {} : { mailer }), ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    mails,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
