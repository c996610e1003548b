/**
 * The catalogue's statements prepared once per shape (the light lists, the deep pages of the
 * newest products, the one-word searches), and the bounds that keep their number small.
 */
import { sql } from 'drizzle-orm';
import { type Db, oncePerDatabase, rootOf } from '#api/db/client.ts';

/**
 * The light lists (no name, price or rating filter: home, category pages, storefronts) are
 * built once per shape (sort, filters given, page size, page) as named prepared statements, the
 * seller and category as placeholders. At a million products and fifty connections their cost
 * was elsewhere than in running them: Node spent about a quarter of its time building the SQL
 * through Drizzle, and PostgreSQL 0.8–1.5 ms planning a page it then ran in 0.3 ms (products has
 * fourteen indexes to weigh). A prepared statement is built once, and with the page's size and
 * offset written into its text PostgreSQL switches to one generic plan after five runs. (With
 * the limit as a parameter the generic plan assumes a tenth of the table and sorts it: 300 ms.)
 * Only equality filters that an index in the sort's order serves are placeholders, so the
 * generic plan is the one the values would get; a price or rating bound, or a name, keeps being
 * planned for its values. The first pages only, and at most PREPARED_LISTS shapes per database:
 * a crawler paging deep, or asking every page size, cannot fill each connection with statements.
 */
const PREPARED_LISTS = 64;
export const PREPARED_PAGES = 5;

/**
 * Statements prepared once per database and shape, at most PREPARED_LISTS shapes per database:
 * `statementFor` gives the shape's statement, built on first use on the database's shared handle
 * (`build` is given it, and told how many shapes came before it, for a short statement name), or
 * null past the limit. They are reads: run as built, on the shared handle, whichever handle asked.
 */
export function preparedPerShape<S>() {
  const shapesOf = oncePerDatabase(() => new Map<string, S>());
  return function statementFor(db: Db, shape: string, build: (root: Db, shapesBefore: number) => S): S | null {
    const byShape = shapesOf(db);
    let statement = byShape.get(shape);
    if (!statement) {
      if (byShape.size >= PREPARED_LISTS) return null;
      statement = build(rootOf(db), byShape.size);
      byShape.set(shape, statement);
    }
    return statement;
  };
}

/**
 * A validated integer written into the statement's text. Drizzle types limit and offset as a
 * number or a placeholder, and writes any SQL it is given as it is.
 */
export function writtenIn(n: number): number {
  return sql.raw(String(Math.trunc(n))) as unknown as number;
}
