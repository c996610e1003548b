/**
 * rules/ and policies/ stay free of zod, so the web can import them into any page without zod in
 * its bundle; only schemas/ may use it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const importsOf = (text: string) => [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]);

describe.each(['rules', 'policies'])('%s/', (folder) => {
  const files = readdirSync(join(here, folder)).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

  it('holds modules', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s imports neither zod nor a schema', (file) => {
    const imports = importsOf(readFileSync(join(here, folder, file), 'utf8'));
    expect(imports.filter((source) => source === 'zod' || source?.includes('schemas/'))).toEqual([]);
  });
});
