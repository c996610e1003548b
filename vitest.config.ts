import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];

/**
 * Unit tests run once. The API suite runs on embedded PGlite always, and again on a real
 * PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          env: { TORGET_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                env: { TORGET_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
