/**
 * Statements whose rows are read as PostgreSQL writes them: every column as text, in select
 * order, with nothing parsed or mapped on the way.
 *
 * The catalogue's lists are the API's most frequent answers, and reading them through Drizzle
 * cost more than the rest of the request together: pg parsed each column to a JavaScript value
 * (a Date per timestamp), Drizzle mapped each row to an object checking each column's kind, the
 * service shaped those into the answer's objects and Fastify wrote them out as JSON (a fifth of
 * the API's time for a page of products: docs/decisions/047-catalogue-answers-written-as-json-text.md). Their statements are
 * still built with Drizzle's query builder, once per shape; their rows are read here and
 * written as JSON straight from the text (modules/catalog/product-json.ts).
 *
 * Statements run through the handle they are given (its connections, its statement count), as
 * Drizzle's would.
 */
import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import { clientOf, type Db } from './client';

/** A row's columns as PostgreSQL wrote them; null for NULL. */
export type TextRow = (string | null)[];

/** A statement read as text: its SQL, its parameters (placeholders filled at each run) and a name to prepare it under. */
export interface TextStatement {
  text: string;
  params: unknown[];
  /** Prepared once per connection under this name (PostgreSQL); unnamed statements are planned each run. */
  name?: string | undefined;
}

/** A statement of `query` (a Drizzle query builder), prepared under `name` when given. */
export function textStatement(query: { toSQL(): { sql: string; params: unknown[] } }, name?: string): TextStatement {
  const { sql, params } = query.toSQL();
  return { text: sql, params, name };
}

/** node-postgres's own conversion of a parameter to text (pg 8 exports it; its typings do not). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/** A column kept as PostgreSQL wrote it. */
const asText = (value: string) => value;

/** What TextRowsQuery uses of pg's Query (pg 8, lib/query.js) beyond its typed surface. */
interface QueryInternals {
  prepare(connection: object): void;
  _result: { rows: TextRow[] };
}

/**
 * pg's extended-protocol query without the Describe message: PostgreSQL then sends no row
 * description, and each data row's fields (which pg's protocol parser gives as text already) are
 * the row as it is. pg asks for the description on every run of a prepared statement and builds
 * a parser per column from it, to parse each value with; these rows are read as text, so that was
 * work for nothing: 5 % of the API's CPU on a page of products.
 * Only the Describe is left out: Parse, Bind, Execute and Sync are pg's own (prepare, through a
 * view of the connection whose describe sends nothing).
 */
class TextRowsQuery extends pg.Query {
  /**
   * The text and values as arguments, not a config object: pg copies a config object through
   * its property descriptors on every query (`cloneQueryConfig`), about 3 µs of the API's
   * thread each time, and the copy is a slow object for every read after.
   */
  constructor(text: string, values: unknown[], name: string | undefined) {
    super(text, values);
    if (name) (this as unknown as { name: string }).name = name;
  }

  prepare(connection: object): void {
    const withoutDescribe = Object.create(connection, { describe: { value: () => {} } }) as object;
    (pg.Query.prototype as unknown as QueryInternals).prepare.call(this, withoutDescribe);
  }

  handleDataRow(message: { fields: TextRow }): void {
    (this as unknown as QueryInternals)._result.rows.push(message.fields);
  }
}

/**
 * PGlite parses a column by its type's parser when it has one: the types these statements
 * select, each given as text (bool, int8, int2, int4, text, json, float4, float8, text[],
 * varchar, timestamp, timestamptz, numeric, uuid, jsonb).
 */
const PGLITE_TEXT_PARSERS = Object.fromEntries(
  [16, 20, 21, 23, 25, 114, 700, 701, 1009, 1043, 1114, 1184, 1700, 2950, 3802].map((type) => [type, asText]),
);

interface PgliteLike {
  query(
    text: string,
    params: unknown[],
    options: { rowMode: 'array'; parsers: Record<number, (value: string) => string> },
  ): Promise<{ rows: TextRow[] }>;
}

/**
 * Parameters as the text PostgreSQL is sent, as node-postgres writes them (dates, arrays, JSON);
 * null when one is bytes, which go to the pool instead.
 */
function textParams(params: unknown[]): (string | null)[] | null {
  const texts: (string | null)[] = [];
  for (const param of params) {
    const text = prepareValue(param);
    if (text !== null && typeof text !== 'string') return null;
    texts.push(text);
  }
  return texts;
}

/**
 * The rows of `statement` run through `db` with `values` for its placeholders. PGlite's worker
 * is asked through its message port when it can be (PgliteWorker.readRows): the worker reads
 * the rows out of PGlite's answer, which over the socket node-postgres did on the API's thread.
 */
export async function textRows(
  db: Db,
  statement: TextStatement,
  values: Record<string, unknown> = {},
): Promise<TextRow[]> {
  const origin = clientOf(db);
  if (!origin) throw new Error('Text rows are read through a database handle, not inside a transaction.');
  const params = fillPlaceholders(statement.params, values);
  origin.logger.logQuery(statement.text, params);
  const asText = origin.readRows && textParams(params);
  if (origin.readRows && asText) return origin.readRows(statement.text, statement.name, asText);
  if (origin.kind === 'pglite') {
    const result = await (origin.client as PgliteLike).query(statement.text, params, {
      rowMode: 'array',
      parsers: PGLITE_TEXT_PARSERS,
    });
    return result.rows;
  }
  const query = new TextRowsQuery(statement.text, params, statement.name);
  // pg's Pool takes a Submittable; its typings give its result only for a query config.
  const result = (await (origin.client as pg.Pool).query(query as unknown as pg.QueryConfig)) as unknown as {
    rows: TextRow[];
  };
  return result.rows;
}
