/**
 * The web app's one-way imports, checked on the source: app → features → the shared layers
 * (api, components, hooks, lib, styles). A feature never imports another feature, and nothing
 * below a feature imports one (or the app). Another folder is named through `#web/…`, never by
 * climbing out of one's own with `../../`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = dirname(new URL(import.meta.url).pathname);
const SHARED_LAYERS = ['api', 'components', 'hooks', 'lib', 'styles'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

interface Import {
  /** As written: `./x`, `../components/y`, `#web/lib/z.ts`. */
  specifier: string;
  /** The file or folder it names, relative to src. */
  target: string;
}

/** A file's imports of our own code: relative, or `#web/…`. */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'((?:\.|#web\/)[^']*)'/g)].map((match) => {
    const specifier = match[1] ?? '';
    const target = specifier.startsWith('#web/')
      ? specifier.slice('#web/'.length).split('/').join(sep)
      : relative(SRC, resolve(SRC, dirname(file), specifier));
    return { specifier, target };
  });
}

const targetsOf = (file: string) => importsOf(file).map((imported) => imported.target);

/** `features/cart/pages/x.tsx` → 'features/cart'; `lib/session.tsx` → 'lib'; `main.tsx` → 'main.tsx'. */
function unitOf(path: string): string {
  const [top, second] = path.split(sep);
  return top === 'features' && second ? `features${sep}${second}` : (top ?? '');
}

const files = sourceFiles(SRC);

describe('import directions of apps/web/src', () => {
  it('finds the source it checks', () => {
    for (const top of ['app', 'features', ...SHARED_LAYERS]) {
      expect(
        files.some((file) => file.startsWith(`${top}${sep}`)),
        top,
      ).toBe(true);
    }
  });

  it('never imports another feature from a feature', () => {
    const violations = files
      .filter((file) => file.startsWith(`features${sep}`))
      .flatMap((file) =>
        targetsOf(file)
          .filter((target) => target.startsWith(`features${sep}`) && unitOf(target) !== unitOf(file))
          .map((target) => `${file} imports ${target}`),
      );
    expect(violations).toEqual([]);
  });

  it('imports the app from nowhere, and features only from the app', () => {
    const violations = files
      .filter((file) => !file.startsWith(`app${sep}`) && unitOf(file) !== 'main.tsx')
      .flatMap((file) =>
        targetsOf(file)
          .filter(
            (target) =>
              target.startsWith(`app${sep}`) ||
              (target.startsWith(`features${sep}`) && !file.startsWith(`features${sep}`)),
          )
          .map((target) => `${file} imports ${target}`),
      );
    expect(violations).toEqual([]);
  });

  it('names another folder through #web/, never by climbing out of its own', () => {
    const climbing = files.flatMap((file) =>
      importsOf(file)
        .filter(({ specifier, target }) => specifier.startsWith('.') && unitOf(target) !== unitOf(file))
        .map(({ specifier }) => `${file}: ${specifier}`),
    );
    expect(climbing).toEqual([]);
  });
});
