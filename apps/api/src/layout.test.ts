/**
 * The API's one-way flow, checked on the source. Every top folder (and each file at the top of
 * src) has a row in LAYERS naming what its code may import; a new folder without a row fails
 * here. A route folder serves one URL prefix and imports no other prefix's folder. No file takes
 * part in an import cycle. Test code (tests and their kits) may import anything, but application
 * code never imports test code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = dirname(new URL(import.meta.url).pathname);

/**
 * What the code of each top folder (or top file, by its name without `.ts`) may import besides
 * itself. The rows read top to bottom, from the process's entry to the database:
 * server → start-server → app → routes, seo → site → modules, mails → lib → db.
 */
const LAYERS: Record<string, readonly string[]> = {
  server: ['start-server', 'env'],
  /**
   * The commands beside the server: the database's (npm run db:*: migrate, seed, reset, move to a
   * PostgreSQL server) and the answers' types (npm run api:types, which builds the app to read
   * its OpenAPI document).
   */
  ops: ['app', 'app-deps', 'env', 'seed', 'lib', 'db'],
  'start-server': ['app', 'app-deps', 'env', 'seed', 'lib', 'db'],
  app: ['app-deps', 'env', 'routes', 'seo', 'site', 'lib', 'db'],
  'app-deps': ['env', 'lib', 'db'],
  env: ['lib'],
  /** The demo marketplace written into an empty database at start (a user of lib and db, not part of db). */
  seed: ['lib', 'db'],
  routes: ['app-deps', 'site', 'modules', 'mails', 'lib', 'db'],
  /** Page tags, robots.txt and sitemaps: reads through modules, judges hosts through site. */
  seo: ['site', 'modules', 'lib', 'db'],
  /** Which site a host is, mail-link origins and serving the built web app. */
  site: ['modules', 'lib', 'db'],
  modules: ['lib', 'db'],
  mails: ['lib'],
  lib: ['db'],
  db: [],
  /** Test kits: the test app, databases, fixtures. */
  test: ['*'],
  /** Folders of tests only (cross-route security checks, real server processes). */
  security: ['*'],
  reliability: ['*'],
};

/** Folders whose every file is test code: nothing else may import them. */
const TEST_ONLY = new Set(['test', 'security', 'reliability']);

const isTestCode = (file: string) => /\.test\.ts$|-kit\.ts$/.test(file) || TEST_ONLY.has(topOf(file));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/**
 * The src-relative files a file imports of src (relative, or `#api/…`), with `.ts` added where
 * the import leaves it out. Imports from outside src (a script of the repository) are not layers.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'((?:\.|#api\/)[^']*)'/g)].map((m) => m[1] ?? '');
  return specifiers
    .map((spec) =>
      spec.startsWith('#api/')
        ? spec.slice('#api/'.length).split('/').join(sep)
        : relative(SRC, resolve(SRC, dirname(file), spec)),
    )
    .filter((path) => !path.startsWith('..'))
    .map((path) => (/\.[cm]?[jt]s$|\.json$/.test(path) ? path : `${path}.ts`));
}

/** `routes/users/x.ts` → 'routes', `app.ts` → 'app', `app-deps.ts` → 'app-deps'. */
const topOf = (path: string) => (path.split(sep)[0] ?? '').replace(/\.ts$/, '');

/**
 * The import cycles of a graph, each as the files around it (the first repeated at the end),
 * found by depth-first search: an edge back to a file still on the search's path closes a cycle.
 * A graph has a cycle exactly when the search meets such an edge, so an empty answer means none;
 * loops sharing files may be reported as one.
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (node: string) => {
    path.push(node);
    onPath.add(node);
    for (const next of graph.get(node) ?? []) {
      if (onPath.has(next)) cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    onPath.delete(node);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!done.has(node)) visit(node);
  return cycles;
}

describe('import directions of apps/api/src', () => {
  const allFiles = sourceFiles(SRC);
  const files = allFiles.filter((file) => !isTestCode(file));

  it('has a layer row for every top folder and top file of src, and only for those', () => {
    const tops = new Set([...allFiles.filter((file) => file.includes(sep)), ...files].map(topOf));
    expect(
      [...tops].filter((top) => !(top in LAYERS)),
      'folders without a row in LAYERS',
    ).toEqual([]);
    expect(
      Object.keys(LAYERS).filter((top) => !tops.has(top)),
      'rows in LAYERS without a folder',
    ).toEqual([]);
  });

  it('orders the layers without a loop: no two folders may import each other, even through others', () => {
    const graph = new Map(Object.entries(LAYERS).map(([top, may]) => [top, may.filter((t) => t !== '*')]));
    expect(importCycles(graph)).toEqual([]);
  });

  it('names another folder through #api/, never by climbing out of its own with ../../', () => {
    const climbing = files.filter((file) => /from '\.\.\/\.\.\//.test(readFileSync(join(SRC, file), 'utf8')));
    expect(climbing).toEqual([]);
  });

  it('imports only what its layer row allows: entry → app → routes, seo → site → modules, mails → lib → db', () => {
    const violations = files.flatMap((file) => {
      const own = topOf(file);
      const may = LAYERS[own] ?? [];
      if (may.includes('*')) return [];
      return importsOf(file)
        .filter((target) => topOf(target) !== own && !may.includes(topOf(target)))
        .map((target) => `${file} imports ${target}`);
    });
    expect(violations).toEqual([]);
  });

  it('never imports test code from application code', () => {
    const violations = files.flatMap((file) =>
      importsOf(file)
        .filter(isTestCode)
        .map((target) => `${file} imports ${target}`),
    );
    expect(violations).toEqual([]);
  });

  it('keeps each URL prefix in its own route folder', () => {
    const prefixes = new Set(
      readdirSync(join(SRC, 'routes'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    );
    const prefixOf = (path: string) => {
      const [top, folder] = path.split(sep);
      return top === 'routes' && folder && prefixes.has(folder) ? folder : null;
    };
    const violations = files.flatMap((file) => {
      const own = prefixOf(file);
      if (!own) return [];
      return importsOf(file)
        .filter((target) => prefixOf(target) !== null && prefixOf(target) !== own)
        .map((target) => `${file} imports ${target}`);
    });
    expect(prefixes.size).toBeGreaterThan(1);
    expect(violations).toEqual([]);
  });

  it('resolves every import of our own code to a file that exists (so the graph below is whole)', () => {
    const known = new Set(allFiles);
    const missing = allFiles.flatMap((file) =>
      importsOf(file)
        .filter((target) => !known.has(target))
        .map((target) => `${file} imports ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no import cycle between the source files', () => {
    const graph = new Map(allFiles.map((file) => [file, importsOf(file)]));
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

describe('importCycles', () => {
  it('finds a planted cycle, and one closing on the file itself', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['e.ts', 'e.ts'],
    ]);
  });

  it('finds none in a graph that only flows down, even when two files share an import', () => {
    const graph = new Map([
      ['app.ts', ['routes.ts', 'lib.ts']],
      ['routes.ts', ['lib.ts']],
      ['lib.ts', ['db.ts']],
      ['db.ts', []],
    ]);
    expect(importCycles(graph)).toEqual([]);
  });
});
