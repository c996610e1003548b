/**
 * The Swedish catalogue covers every text the code translates: each literal key of a
 * `t('…')` call in the web app has a Swedish text (both plural forms when the call counts), with
 * the same {{placeholders}}. Keys are the default UI's English texts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from './en';
import { swedishCatalogue } from './sv';

const SRC = join(import.meta.dirname, '..');
/** The catalogues themselves are no screens. */
const NOT_SCREENS = /^locales\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

interface Use {
  key: string;
  counted: boolean;
  file: string;
}

/** `t('key')`, `t('key', { count })`, `i18n.t("key", …)`: the literal keys and whether they count. */
export function translatedKeys(source: string, file: string): Use[] {
  const uses: Use[] = [];
  const call = /\bt\(\s*(['"])((?:\\.|(?!\1).)*)\1\s*(,\s*\{([^}]*)\})?/g;
  for (const match of source.matchAll(call)) {
    const key = (match[2] ?? '').replace(/\\(['"\\])/g, '$1');
    uses.push({ key, counted: /\bcount\b/.test(match[4] ?? ''), file });
  }
  return uses;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const uses = sourceFiles('').flatMap((file) => translatedKeys(readFileSync(join(SRC, file), 'utf8'), file));

describe('the Swedish catalogue', () => {
  it('finds the texts of the code', () => {
    expect(uses.length).toBeGreaterThan(150);
  });

  it('has every text the screens translate', () => {
    const missing = new Set<string>();
    for (const { key, counted, file } of uses) {
      if (NOT_SCREENS.test(file)) continue;
      const forms = counted ? [`${key}_one`, `${key}_other`] : [key];
      if (counted && swedishCatalogue[key] !== undefined) continue;
      for (const form of forms) if (swedishCatalogue[form] === undefined) missing.add(`${form}  (${file})`);
    }
    expect([...missing]).toEqual([]);
  });

  it('keeps the placeholders of each text', () => {
    const wrong = Object.entries({ ...swedishCatalogue })
      .filter(([key, text]) => placeholders(key.replace(/_(one|other)$/, '')).join() !== placeholders(text).join())
      .filter(([key, text]) => !(key.endsWith('_one') && placeholders(text).length === 0))
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('translates into Swedish, not back into the key', () => {
    const same = Object.entries(swedishCatalogue).filter(([key, text]) => key === text);
    // A few texts are the same in both languages (brand names, 'OK'); they must be listed here.
    expect(same.map(([key]) => key).sort()).toEqual([...SAME_IN_BOTH].sort());
  });

  it('only adds singular forms in the default catalogue', () => {
    expect(Object.keys(defaultCatalogue).every((key) => key.endsWith('_one'))).toBe(true);
  });
});

const SAME_IN_BOTH = [
  ' order {{id}}',
  'ADMIN',
  'Admin',
  'Banner',
  'Bankgiro',
  'IBAN',
  'ID',
  'Info',
  'OK',
  'ORDER',
  'Order {{id}}',
  'Plan',
  'Plan {{plan}}',
  'Plan {{plan}}: {{label}}',
  'STATUS',
  'Status',
];
