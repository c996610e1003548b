/**
 * Several instances behind a load balancer start at once on one fresh PostgreSQL database: each
 * migrates at start-up (the migrations, then the functions and triggers of db/sql), and they take
 * turns (an advisory lock in db/migrate.ts), so every one comes up and answers its health check.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { readSqlDefinitions } from '#api/db/sql-definitions.ts';
import {
  buildServer,
  createServerDatabase,
  onPostgres,
  type ServerDatabase,
  type ServerProcess,
  startServerProcess,
} from './server-process';

describe.runIf(onPostgres())('instances starting together on one database', () => {
  let database: ServerDatabase;
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    bundle = await buildServer();
    database = await createServerDatabase({ migrated: false });
  }, 30_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.destroy();
    bundle?.remove();
  });

  it('all come up and answer their health check', async () => {
    const started = await Promise.allSettled([1, 2, 3].map(() => startServerProcess(bundle.entry, database)));
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    expect(failures).toEqual([]);
    for (const server of servers) {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.status).toBe(200);
    }
    // The functions and triggers of db/sql were applied under the same lock: one record, of these files.
    const recorded = await database.use((db) =>
      queryRows<{ hash: string }>(db.db, sql`select hash from torget_sql_definitions`),
    );
    expect(recorded).toEqual([{ hash: readSqlDefinitions().hash }]);
  }, 45_000);
});
