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
      pool: 'forks',
      isolate: false,
      // The files of a project share worker processes (isolate: false): whatever a file
      // stubs or mocks is put back after each test, so the next file in the process never sees it.
      restoreMocks: true,
      unstubEnvs: true,
      unstubGlobals: true,
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
 *
 * The API files run in forks that are NOT recycled per file (`isolate: false`): a fresh process
 * per file cost more than most files' tests (loading Fastify, Drizzle, sharp and PGlite's
 * WebAssembly again each time). Vitest still starts a new process per project. The unit tests,
 * which may stub browser globals, keep full isolation in the threads pool.
 */
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          pool: 'threads',
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
