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

/** The last migration that may define routines and triggers. */
const LAST_DEFINING = '0026';

/** CREATE [OR REPLACE] FUNCTION / PROCEDURE / [CONSTRAINT] TRIGGER, in any case and spacing. */
const DEFINES = /\bcreate\s+(or\s+replace\s+)?(function|procedure|(constraint\s+)?trigger)\b/i;

function migrations(): { name: string; text: string }[] {
  const folder = migrationsFolder();
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') }));
}

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
  });

  it('has no function, procedure or trigger defined by a migration after 0026', () => {
    const later = migrations().filter((migration) => migration.name.slice(0, 4) > LAST_DEFINING);
    const offending = later.filter((migration) => DEFINES.test(migration.text)).map((migration) => migration.name);
    expect(offending, 'define it in its area’s file in apps/api/src/db/sql instead (db/README.md)').toEqual([]);
  });
});
