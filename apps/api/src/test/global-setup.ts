/**
 * Vitest global set-up of the API projects: migrates ONE template database per run, which every
 * test database then copies (test-database.ts), instead of every test file migrating its own.
 *
 * - api-pglite: a migrated in-memory PGlite, dumped (`dumpDataDir`) to a tar file, kept in
 *   apps/api/node_modules/.cache for later runs; each file loads it with PGlite's
 *   `loadDataDir`, which also skips initdb.
 * - api-postgres: a database `torget_template_<run>` on the server at TEST_DATABASE_URL; each
 *   file runs `create database … template torget_template_<run>`.
 *
 * On PostgreSQL the teardown drops the template and any database of this run that a file left
 * behind (a crash, a timeout), found by the run id in its name.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { clientOf, openDatabase } from '#api/db/client.ts';
import { migrate, migrationsFolder } from '#api/db/migrate.ts';
import { readSqlDefinitions } from '#api/db/sql-definitions.ts';
import { adminQuery } from './postgres-admin';

const cacheFolder = fileURLToPath(new URL('../../node_modules/.cache/torget-tests/', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** Short id of this run; every server database the run creates carries it (see global-setup.ts). */
    testRun: string;
    /** Path of the migrated PGlite data folder, dumped to a tar file (project api-pglite). */
    pgliteTemplate: string;
    /** Name of the migrated template database on the server (project api-postgres). */
    postgresTemplate: string;
  }
}

/**
 * Where the dumped PGlite template is kept between runs: named by a hash of what makes it (the
 * migrations, the functions and triggers of db/sql and the PGlite version), so a changed
 * migration, definition or PGlite makes a new one. Making it costs about 2 s, which a one-file
 * run in the inner loop would otherwise pay every time.
 */
function pgliteTemplatePath(): string {
  const hash = createHash('sha256');
  // The package's entry is dist/index.*; its package.json (not exported) names the version.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(pgliteEntry), '../package.json')));
  const folder = migrationsFolder();
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(folder, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  hash.update(readSqlDefinitions().hash);
  return join(cacheFolder, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function pgliteTemplate(): Promise<string> {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return path;
  const database = await openDatabase({});
  try {
    await migrate(database);
    // The client the shared handle was made over (db/handles.ts): PGlite in this thread here.
    const client = clientOf(database.db)?.client as PGlite;
    const dump = await client.dumpDataDir('none');
    mkdirSync(cacheFolder, { recursive: true });
    // Written aside and renamed, so a run starting meanwhile never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
    return path;
  } finally {
    await database.close();
  }
}

/** Drops every database of this run still on the server: the template and any left behind. */
async function dropRunDatabases(url: string, run: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname ~ ('^torget_(template|test|process)_' || $1::text || '(_|$)')`,
      [run],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(url: string, run: string): Promise<{ name: string; remove(): Promise<void> }> {
  const name = `torget_template_${run}`;
  await adminQuery(url, `create database ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: templateUrl.toString(), poolSize: 2 });
  try {
    await migrate(database);
  } finally {
    // No connection may stay open on a template while it is copied.
    await database.close();
  }
  return { name, remove: () => dropRunDatabases(url, run) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  project.provide('testRun', run);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env.TORGET_TEST_DB === 'postgres' && serverUrl) {
    const template = await postgresTemplate(serverUrl, run);
    project.provide('postgresTemplate', template.name);
    return () => template.remove();
  }
  project.provide('pgliteTemplate', await pgliteTemplate());
  return async () => {};
}
