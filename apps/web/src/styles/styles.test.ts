/**
 * The rules of the style sheets (docs/decisions/009-plain-css-tokens-and-cascade-layers.md): small sheets, every rule in one
 * of the declared cascade layers, colours only from the tokens, each class styled by one sheet,
 * and every sheet imported by the code it styles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 300;
/** Sheets that only declare or gather: no rules of their own. */
const GATHERING = new Set(['styles/tokens.css', 'styles/index.css']);

function filesEndingWith(suffixes: string[]): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => suffixes.some((suffix) => name.endsWith(suffix)))
    .map((name) => name.split('\\').join('/'));
}

const sheets = filesEndingWith(['.css']).sort();
const source = (file: string) => readFileSync(join(SRC, file), 'utf8');
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The layer names `@layer a, b, c;` of tokens.css, lowest first. */
function declaredLayers(): string[] {
  const match = /@layer\s+([\w\s,-]+);/.exec(withoutComments(source('styles/tokens.css')));
  return match?.[1]?.split(',').map((name) => name.trim()) ?? [];
}

/** Splits a selector list at its top-level commas (not those inside `:has(…)`, `:not(…)`). */
function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of list) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
}

/**
 * The classes a sheet styles on their own: selectors that are one compound starting with a class
 * (`.button`, `.button:hover`, `.status-pill.is-open`), answered by that first class. Selectors
 * with a combinator (`.order-card > .alert`) style a class in a context and are not counted.
 */
function ownClasses(css: string): string[] {
  const classes: string[] = [];
  for (const match of withoutComments(css).matchAll(/([^{};]+)\{/g)) {
    const prelude = match[1]?.trim() ?? '';
    if (prelude.startsWith('@') || prelude === ':root') continue;
    for (const selector of splitSelectorList(prelude)) {
      const compound = /^\.([\w-]+)(?:[.:[][^\s>+~]*)?$/.exec(selector);
      if (compound?.[1]) classes.push(compound[1]);
    }
  }
  return classes;
}

describe('style sheets', () => {
  it('finds the sheets and the layer order', () => {
    expect(sheets.length).toBeGreaterThan(10);
    expect(declaredLayers()).toEqual(['base', 'primitives', 'components', 'features']);
  });

  it.each(sheets)('%s stays under the line limit', (file) => {
    expect(source(file).split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it.each(sheets.filter((file) => !GATHERING.has(file)))('%s puts all its rules in one declared layer', (file) => {
    const css = withoutComments(source(file)).trim();
    const match = /^@layer\s+([\w-]+)\s*\{([\s\S]*)\}$/.exec(css);
    expect(match, 'the sheet is one @layer block').not.toBeNull();
    expect(declaredLayers()).toContain(match?.[1]);
    // The block's own braces balance: nothing stands outside the one layer.
    let depth = 0;
    for (const char of match?.[2] ?? '') {
      if (char === '{') depth++;
      if (char === '}') depth--;
      expect(depth, 'a rule outside the layer block').toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
  });

  it.each(sheets.filter((file) => file !== 'styles/tokens.css'))('%s takes its colours from the tokens', (file) => {
    const css = withoutComments(source(file));
    expect(css).not.toMatch(/#[0-9a-f]{3,8}\b/i);
    expect(css).not.toMatch(/\brgba?\(|\bhsla?\(/);
  });

  it('styles each class in one sheet only', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of sheets) {
      for (const name of ownClasses(source(file))) owners.set(name, (owners.get(name) ?? new Set()).add(file));
    }
    expect(owners.size).toBeGreaterThan(100);
    const shared = [...owners].filter(([, files]) => files.size > 1).map(([name, files]) => `${name}: ${[...files]}`);
    expect(shared).toEqual([]);
  });

  it('imports every sheet from the code (or the global index) that uses it', () => {
    const imported = new Set<string>();
    for (const file of filesEndingWith(['.ts', '.tsx', '.css'])) {
      const text = source(file);
      for (const match of text.matchAll(/(?:import|@import)\s+['"]((?:\.{1,2}\/|#web\/)[^'"]+\.css)['"]/g)) {
        const specifier = match[1];
        if (!specifier) continue;
        // `#web/…` names a path under src (package.json "imports"); anything else is relative.
        const path = specifier.startsWith('#web/')
          ? specifier.slice('#web/'.length)
          : relative(SRC, resolve(SRC, dirname(file), specifier));
        imported.add(path.split('\\').join('/'));
      }
    }
    expect(sheets.filter((file) => !imported.has(file))).toEqual([]);
  });
});
