import { defineConfig, devices } from '@playwright/test';

// Started by scripts/e2e.mjs, which builds first and passes a fresh data folder and Chromium.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

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
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine has no outside network: keep Chromium from trying to reach Google.
      args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
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
    },
  },
});
