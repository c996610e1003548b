/** One statement on the PostgreSQL server over a connection of its own (create and drop database). */
import pg from 'pg';

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
