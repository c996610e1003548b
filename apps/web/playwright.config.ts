import { statfsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Whether /dev/shm has room for Chromium's shared memory (1 GB free), as a container's 64 MB has not. */
function devShmIsLarge(): boolean {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}

// Started by scripts/e2e.mjs, which builds first and passes a fresh data folder and Chromium.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// The PayPal stand-in (e2e/support/paypal-standin-server.ts) the server pays through.
const paypalPort = Number(process.env.E2E_PAYPAL_PORT ?? 3130);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    // The spec's UI: a first visit follows the browser's language (Accept-Language), so the
    // specs say which browser they are; first-visit-language.spec.ts is the Swedish one.
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Playwright tells Chromium to keep its shared memory in /tmp, for containers whose /dev/shm
      // is 64 MB. Where /dev/shm is large, leaving it there spent less system time.
      ignoreDefaultArgs: devShmIsLarge() ? ['--disable-dev-shm-usage'] : [],
      // The machine has no outside network: keep Chromium from trying to reach Google.
      args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'npx tsx apps/web/e2e/support/paypal-standin-server.ts',
      cwd: '../..',
      url: `http://127.0.0.1:${paypalPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_PAYPAL_PORT: String(paypalPort) },
    },
    {
      command: 'node --enable-source-maps apps/api/dist/server.js',
      cwd: '../..',
      url: `${baseURL}/api/products/categories`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR ?? './data/e2e',
        LOG_LEVEL: 'warn',
        // Browser tests always run on embedded PGlite; the PostgreSQL URL is for the API suite.
        DATABASE_URL: '',
        // Mail goes to the loopback SMTP listener that e2e/password-reset.spec.ts starts.
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 3125}`,
        // PayPal is the local stand-in, with the credentials it accepts.
        PAYPAL_API_BASE: `http://127.0.0.1:${paypalPort}`,
        PAYPAL_CLIENT_ID: 'standin-client-id',
        PAYPAL_CLIENT_SECRET: 'standin-client-secret',
        // No Maps key: checkout's no-key path; the map spec answers /api/config/google itself.
        GOOGLE_API_KEY: '',
        MAIN_HOSTS: '',
        // The suite buys as one demo customer from spec after spec, faster than a person: the
        // per-account order limit (10 a minute by default) would refuse its orders, not a person's.
        RATE_LIMIT_ORDERS_PER_ACCOUNT: '120/1m',
        RATE_LIMIT_ORDERS_PER_ADDRESS: '240/1m',
        // Every answer the browser gets is checked against the OpenAPI document's schema for it
        // (apps/api/src/lib/openapi.ts): the journeys reach answers the API tests may not.
        CHECK_RESPONSES: 'on',
      },
    },
  ],
});
