/**
 * Functions, procedures and triggers are defined in db/sql (sql-definitions.ts), not in
 * migrations: the migrations up to 0026 defined them before db/sql existed and stay as they were
 * applied; a later migration that defines one fails here, so every current definition stays in
 * its area's file. (Dropping one is fine in a migration, but db/sql drops what no file defines.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate';
import { readSqlDefinitions } from './sql-definitions';

/** The last migration that may define routines and triggers. */
const LAST_DEFINING = '0026';

/**
 * Later migrations allowed to define routines or triggers, each with the reason. A migration runs
 * before the files, so one whose new generated column or index, or whose rewrite of rows, needs a
 * new definition must create it itself. Every routine and trigger it defines must also be defined
 * by a file of db/sql (checked below), which then stays the place to read it.
 */
const MAY_DEFINE: Record<string, string> = {
  '0028_ratings_from_verified_reviews.sql':
    'the stored column shown_head is re-created with the new torget_product_json_head, which must exist before the files run',
  '0049_find_text.sql':
    'the new stored column find_text is torget_find_text of the product, which must exist before the files run',
};

/**
 * Routines an allowed migration defined that a later migration stopped using, so no file defines
 * them any more (db/sql dropped them): the product's hand-written JSON functions, replaced by
 * those generated from its field list (db/product-json-sql.ts).
 */
const REPLACED_SINCE = new Set(['function torget_product_json_head', 'function torget_product_json_tail']);

/** CREATE [OR REPLACE] FUNCTION / PROCEDURE / [CONSTRAINT] TRIGGER, in any case and spacing. */
const DEFINES = /\bcreate\s+(or\s+replace\s+)?(function|procedure|(constraint\s+)?trigger)\b/i;
const DEFINED_NAME =
  /\bcreate\s+(?:or\s+replace\s+)?(function|procedure|(?:constraint\s+)?trigger)\s+(?:"?public"?\.)?"?(\w+)"?/gi;

/** The routines and triggers a text defines: 'function name', 'trigger name'. */
function definedNames(text: string): string[] {
  return [...text.matchAll(DEFINED_NAME)].map(
    (match) =>
      `${(match[1] ?? '')
        .toLowerCase()
        .replace(/^constraint\s+/, '')
        .replace('procedure', 'function')} ${(match[2] ?? '').toLowerCase()}`,
  );
}

function migrations(): { name: string; text: string }[] {
  const folder = migrationsFolder();
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') }));
}

const later = () => migrations().filter((migration) => migration.name.slice(0, 4) > LAST_DEFINING);

describe('migrations and db/sql', () => {
  it('recognises a definition: the migrations before db/sql have them', () => {
    const defining = migrations()
      .filter((migration) => DEFINES.test(migration.text))
      .map((migration) => migration.name.slice(0, 4));
    expect(defining).toContain('0017'); // CREATE PROCEDURE
    expect(defining).toContain('0021'); // CREATE OR REPLACE FUNCTION
    expect(defining).toContain(LAST_DEFINING); // CREATE TRIGGER
    expect(DEFINES.test('create   or replace\n trigger x')).toBe(true);
    expect(DEFINES.test('CREATE CONSTRAINT TRIGGER x')).toBe(true);
    expect(DEFINES.test('DROP FUNCTION x(); CREATE INDEX y')).toBe(false);
    expect(definedNames('CREATE TRIGGER "a_b" AFTER …; create or replace procedure public.c(x int)')).toEqual([
      'trigger a_b',
      'function c',
    ]);
  });

  it('has no function, procedure or trigger defined by a migration after 0026', () => {
    const offending = later()
      .filter((migration) => !(migration.name in MAY_DEFINE) && DEFINES.test(migration.text))
      .map((migration) => migration.name);
    expect(offending, 'define it in its area’s file in apps/api/src/db/sql instead (db/README.md)').toEqual([]);
  });

  it('has every definition of an allowed later migration in a file of db/sql too', () => {
    const inFiles = new Set(readSqlDefinitions().files.flatMap((file) => definedNames(file.text)));
    // The files define what the migrations up to 0026 left (sql-definitions.test.ts).
    expect(inFiles).toContain('function torget_add_review');
    expect(inFiles).toContain('trigger products_version_follows');
    const missing = later()
      .filter((migration) => migration.name in MAY_DEFINE)
      .flatMap((migration) =>
        definedNames(migration.text).filter((name) => !inFiles.has(name) && !REPLACED_SINCE.has(name)),
      );
    expect(missing, 'the files of db/sql must define these too').toEqual([]);
  });
});
