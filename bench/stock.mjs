// Setting products' stock from a bench script, directly in the database (before a run's orders).
import pg from 'pg';

/**
 * Sets these products' stock, in one statement. It grows the version itself, as the API's stock
 * changes do: left to the database (migration 0026), each row would be written twice, and the
 * products' pages would hold a dead version more before the order rows. Rows already at that
 * stock are not written.
 */
export async function setStock(databaseUrl, ids, stock) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update products set count_in_stock = $2, version = version + 1
       where id = any($1::uuid[]) and count_in_stock <> $2`,
      [ids, stock],
    );
  } finally {
    await client.end();
  }
}
