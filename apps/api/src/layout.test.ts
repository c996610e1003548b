/**
 * The API's one-way flow, checked on the source: app → routes → modules (services) and mails →
 * lib and db. A route folder serves one URL prefix and imports no other prefix's folder. Test
 * code (tests and their kits) may import anything.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = dirname(new URL(import.meta.url).pathname);

/** What the files of each top folder must not import (top folders and `app` for src/app.ts). */
const FORBIDDEN: Record<string, readonly string[]> = {
  lib: ['app', 'routes', 'modules', 'mails'],
  db: ['app', 'routes', 'modules', 'mails'],
  mails: ['app', 'routes', 'modules', 'db'],
  modules: ['app', 'routes', 'mails'],
  routes: ['app'],
};

const isTestCode = (file: string) => /\.test\.ts$|-kit\.ts$/.test(file) || file.startsWith(`test${sep}`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** The src-relative targets of a file's imports of our own code: relative, or `#api/…`. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'((?:\.|#api\/)[^']*)'/g)].map((m) => m[1] ?? '');
  return specifiers.map((spec) =>
    spec.startsWith('#api/')
      ? spec.slice('#api/'.length).split('/').join(sep)
      : relative(SRC, resolve(SRC, dirname(file), spec)),
  );
}

/** `routes/users/x` → 'routes', `app` → 'app', `app-deps` → 'app-deps'. */
const topOf = (path: string) => path.split(sep)[0] ?? '';

describe('import directions of apps/api/src', () => {
  const files = sourceFiles(SRC).filter((file) => !isTestCode(file));

  it('finds the source it checks', () => {
    for (const top of Object.keys(FORBIDDEN))
      expect(
        files.some((f) => topOf(f) === top),
        top,
      ).toBe(true);
  });

  it('names another folder through #api/, never by climbing out of its own with ../../', () => {
    const climbing = files.filter((file) => /from '\.\.\/\.\.\//.test(readFileSync(join(SRC, file), 'utf8')));
    expect(climbing).toEqual([]);
  });

  it('imports only downwards: app → routes → modules and mails → lib and db', () => {
    const violations = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => FORBIDDEN[topOf(file)]?.includes(topOf(target)))
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
});
