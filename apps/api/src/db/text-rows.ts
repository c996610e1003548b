/**
 * Statements whose rows are read as PostgreSQL writes them: every column as text, in select
 * order, with nothing parsed or mapped on the way.
 *
 * The catalogue's lists are the API's most frequent answers, and reading them through Drizzle
 * cost more than the rest of the request together: pg parsed each column to a JavaScript value
 * (a Date per timestamp), Drizzle mapped each row to an object checking each column's kind, the
 * service shaped those into the answer's objects and Fastify wrote them out as JSON (a fifth of
 * the API's time for a page of products, decision 047). Their statements are
 * still built with Drizzle's query builder, once per shape; their rows are read here and
 * written as JSON straight from the text (modules/catalog/product-json.ts).
 *
 * Statements run through the handle they are given (its connections, its statement count), as
 * Drizzle's would.
 */
import { fillPlaceholders } from 'drizzle-orm';
import type pg from 'pg';
import { clientOf, type Db } from './handles';

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

/** A column kept as PostgreSQL wrote it. */
const asText = (value: string) => value;

/**
 * pg's per-query type parsers (a query config's `types`): every column's parser keeps the text,
 * so pg builds no value (no Date per timestamp, no number per count).
 */
const TEXT_TYPES: pg.CustomTypesConfig = { getTypeParser: () => asText };

/**
 * PGlite parses a column by its type's parser when it has one: the types these statements
 * select, each given as text (bool, int8, int2, int4, text, json, float4, float8, text[],
 * varchar, timestamp, timestamptz, numeric, uuid, jsonb). Types without a parser come as text.
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
 * The rows of `statement` run through `db` with `values` for its placeholders: on a pool (a
 * PostgreSQL server, or PGlite's worker over its socket) through pg's documented query config,
 * rows as arrays (`rowMode`), every column kept by a type parser that answers its text, prepared
 * once per connection under the statement's name; on PGlite in this thread through its query
 * options (`rowMode`, `parsers`). Parameters are converted by the driver as for any statement.
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
  if (origin.kind === 'pglite') {
    const result = await (origin.client as PgliteLike).query(statement.text, params, {
      rowMode: 'array',
      parsers: PGLITE_TEXT_PARSERS,
    });
    return result.rows;
  }
  const query: pg.QueryArrayConfig = {
    text: statement.text,
    values: params,
    rowMode: 'array',
    types: TEXT_TYPES,
    ...(statement.name ? { name: statement.name } : {}),
  };
  const result = await (origin.client as pg.Pool).query<TextRow>(query);
  return result.rows;
}
