/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project api-postgres)
 * a new database on the server at TEST_DATABASE_URL, dropped again when the file is done.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

export interface TestDatabase extends Database {
  /** Closes the connection and removes what the test made. */
  destroy(): Promise<void>;
}

function serverUrl(): string | null {
  return process.env.TORGET_TEST_DB === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = serverUrl();
  if (!url) {
    const database = await openDatabase({});
    await migrate(database);
    return { ...database, destroy: () => database.close() };
  }
  const name = `torget_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString(), poolSize: 20 });
  await migrate(database);
  return {
    ...database,
    async destroy() {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}
