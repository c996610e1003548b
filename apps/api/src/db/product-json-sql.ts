/**
 * The database's functions that write a product's JSON text, generated from the field list
 * (product-fields.ts): `torget_product_shown_head` and `torget_product_shown_tail`, the
 * expressions of the stored generated columns `products.shown_head` and `shown_tail`; and the
 * statement that re-creates those columns when their expression is not the list's call (a field
 * added or removed changes the functions' arguments). Applied with the files of db/sql
 * (sql-definitions.ts), after the migrations: a migration adds or drops a field's column, and
 * the columns that keep the JSON follow here, with no migration of their own.
 *
 * Each kind of value is written by one SQL expression here (kindJson), the same for every field
 * of that kind; what needs more than an expression (a float as JavaScript prints it) is a
 * hand-written function of db/sql/40-product-json.sql, called from it.
 *
 * PL/pgSQL, not SQL: PostgreSQL computes a generated column by calling its function, and an SQL
 * function called that way is parsed and planned again on every write (a one-row UPDATE took
 * 510 µs so, 92 µs with PL/pgSQL, whose expression stays prepared for the session). IMMUTABLE,
 * as a generated column requires: they read only their arguments, and every setting their text
 * could depend on (time zone, float digits) is fixed in the expressions and helpers.
 */
import { type ProductField, type ProductFieldKind, shownParts } from './product-fields';

/** The function that writes each stored part of a product's JSON. */
export const SHOWN_FUNCTIONS = { head: 'torget_product_shown_head', tail: 'torget_product_shown_tail' } as const;

type Part = keyof typeof SHOWN_FUNCTIONS;

/** The SQL type of a column of each kind, as the function takes it. */
const SQL_TYPE: Record<ProductFieldKind, string> = {
  uuid: 'uuid',
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  sek: 'integer',
  real: 'real',
  timestamp: 'timestamptz',
  boolean: 'boolean',
  textList: 'jsonb',
  seller: 'uuid',
};

/** A piece of the JSON text: fixed text, or an SQL expression of type text. */
type Piece = { literal: string } | { sql: string };

const parameter = (column: string) => `p_${column}`;

/**
 * The JSON text of one column's value, as pieces. The list of a `textList` is jsonb, whose text
 * puts ", " between elements where JSON.stringify puts ","; its elements are strings (paths: the
 * API writes nothing else), and inside a string every quote is escaped, so an unescaped quote,
 * comma, space, quote is only ever between two elements.
 */
function kindJson(field: ProductField): Piece[] {
  const p = parameter(field.column);
  switch (field.kind) {
    case 'uuid':
      return [{ literal: '"' }, { sql: `${p}::text` }, { literal: '"' }];
    case 'seller':
      // Left open: the seller's brief, joined on each read, continues the object.
      return [{ literal: '{"_id":"' }, { sql: `${p}::text` }, { literal: '"' }];
    // to_json escapes what JSON.stringify escapes (", \, \b \f \n \r \t, other control characters
    // as \u00xx in lower case), and nothing else.
    case 'text':
      return [{ sql: `to_json(${p})::text` }];
    case 'integer':
    case 'bigint':
    case 'boolean':
      return [{ sql: `${p}::text` }];
    // Trailing zeros cut, as a JavaScript number prints it.
    case 'sek':
      return [{ sql: `trim_scale(${p}::numeric / 100)::text` }];
    case 'real':
      return [{ sql: `torget_json_real(${p})` }];
    // To the millisecond, cut (not rounded), in UTC, as Date.toISOString writes it.
    case 'timestamp':
      return [
        { literal: '"' },
        { sql: `to_char(${p} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` },
        { literal: '"' },
      ];
    case 'textList': {
      const or = parameter(field.orColumn ?? '');
      const orList = field.orColumn ? `WHEN ${or} <> '' THEN '[' || to_json(${or})::text || ']' ` : '';
      return [
        {
          sql: `CASE WHEN ${p} <> '[]'::jsonb THEN replace(${p}::text, '", "', '","') ${orList}ELSE '[]' END`,
        },
      ];
    }
  }
}

/**
 * The pieces of a part: the head from the opening brace to the seller's `_id`; the tail from the
 * comma before its first key to its last value, without the closing brace (the product page
 * puts its reviews before it).
 */
function partPieces(part: Part): Piece[] {
  const fields = shownParts()[part];
  return fields.flatMap((field, index) => [
    { literal: `${part === 'head' && index === 0 ? '{' : ','}${JSON.stringify(field.key)}:` },
    ...kindJson(field),
  ]);
}

/** The columns a part is written from, in the order its function takes them. */
export function partColumns(part: Part): { column: string; type: string }[] {
  const columns = new Map<string, string>();
  for (const field of shownParts()[part]) {
    if (!columns.has(field.column)) columns.set(field.column, SQL_TYPE[field.kind]);
    if (field.orColumn && !columns.has(field.orColumn)) columns.set(field.orColumn, 'text');
  }
  return [...columns].map(([column, type]) => ({ column, type }));
}

const sqlLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The pieces as one SQL expression, adjacent fixed texts joined. */
function expressionOf(pieces: Piece[]): string {
  const merged: Piece[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if ('literal' in piece && last && 'literal' in last)
      merged[merged.length - 1] = { literal: last.literal + piece.literal };
    else merged.push(piece);
  }
  return merged.map((piece) => ('literal' in piece ? sqlLiteral(piece.literal) : piece.sql)).join('\n\t\t|| ');
}

/** The call a stored column is generated by: `torget_product_shown_head(id, name, …)`. */
export function shownColumnExpression(part: Part): string {
  return `${SHOWN_FUNCTIONS[part]}(${partColumns(part)
    .map(({ column }) => column)
    .join(', ')})`;
}

function functionDefinition(part: Part): string {
  const parameters = partColumns(part)
    .map(({ column, type }) => `${parameter(column)} ${type}`)
    .join(', ');
  return `CREATE OR REPLACE FUNCTION ${SHOWN_FUNCTIONS[part]}(${parameters})
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	RETURN ${expressionOf(partPieces(part))};
END
$$;`;
}

/** The expression products' `column` is generated by, as PostgreSQL prints it; null without one. */
const keptExpression = (column: string) => `(SELECT pg_get_expr(d.adbin, d.adrelid)
		FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
		WHERE a.attrelid = 'products'::regclass AND a.attname = '${column}' AND NOT a.attisdropped)`;

/**
 * Re-creates the kept columns whose expression is not the field list's call (as PostgreSQL 15
 * must: a generated column's expression cannot change). Adding them computes every product's
 * text: one rewrite of the products table for both. The old functions are dropped after this,
 * no column using them any more (sql-definitions.ts drops what no file defines).
 */
function keptColumnsDefinition(): string {
  const checks = (['head', 'tail'] as const).map((part) => {
    const column = `shown_${part}`;
    const expression = shownColumnExpression(part);
    return `	IF ${keptExpression(column)}
		IS DISTINCT FROM ${sqlLiteral(expression)} THEN
		drops := array_append(drops, ${sqlLiteral(`DROP COLUMN IF EXISTS ${column}`)});
		adds := array_append(adds, ${sqlLiteral(`ADD COLUMN ${column} text GENERATED ALWAYS AS (${expression}) STORED NOT NULL`)});
	END IF;`;
  });
  return `DO $$
DECLARE
	drops text[] := '{}';
	adds text[] := '{}';
BEGIN
${checks.join('\n')}
	IF cardinality(adds) > 0 THEN
		EXECUTE 'ALTER TABLE products ' || array_to_string(drops, ', ');
		EXECUTE 'ALTER TABLE products ' || array_to_string(adds, ', ');
	END IF;
END
$$;`;
}

/** The definitions' file these are applied as (no file on disk: this text). */
export const PRODUCT_JSON_DEFINITIONS_NAME = '40-product-json-fields.sql';

/** The text of that file: both functions, then the columns that call them. */
export function productJsonDefinitions(): string {
  return [
    '-- Generated from db/product-fields.ts by db/product-json-sql.ts.',
    functionDefinition('head'),
    functionDefinition('tail'),
    keptColumnsDefinition(),
  ].join('\n\n');
}
