import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One API project per database. Its global set-up migrates one template database per run, which
 * every test file copies (apps/api/src/test/global-setup.ts).
 */
function apiProject(name: string, database: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include: ['apps/api/src/**/*.test.ts'],
      env: { TORGET_TEST_DB: database },
      globalSetup: ['apps/api/src/test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

/**
 * Unit tests run once. The API suite runs on embedded PGlite always, and again on a real
 * PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
 *
 * Workers: one per core. Vitest's default for `vitest run` is one fewer than the cores, which on
 * a 2-core machine is a single worker and left a core idle; the API files do not share state
 * (each has its own database, data folder and ports), so they run side by side.
 */
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'unit', include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
