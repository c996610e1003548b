/**
 * No English (or Swedish) words reach a screen without the translations: every text a person
 * sees in a `.tsx` file's JSX (a text node, a string child, or a visible attribute such as
 * `placeholder`, `title`, `alt` or `aria-label`) is a `t('…')` call, unless it is listed below
 * with the reason it is the same in both languages. Read with the TypeScript compiler's parser,
 * so formatting and comments cannot hide a literal. A component prop that the component itself
 * translates (`label="Password"`) passes when the Swedish catalogue has that key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { swedishCatalogue } from './sv';

const SRC = join(import.meta.dirname, '..');

/** Attributes whose text a browser shows or reads aloud. */
const VISIBLE_ATTRIBUTES = new Set([
  'placeholder',
  'title',
  'alt',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);
/** Props our components translate themselves (`t(label)` inside): their literal must be a key. */
const TRANSLATED_PROPS = new Set(['label', 'pendingLabel']);

/** Texts that are the same in every language, each with its reason. */
const SAME_IN_EVERY_LANGUAGE: Record<string, string> = {
  Torget: 'the marketplace’s name',
  'Torget ·': 'the marketplace’s name before the shop’s on a printed statement',
  '© 2021 Torget': 'the copyright line: a year and the name',
  'Torget AB, Drottninggatan 12, 111 51 Stockholm, Sverige': 'the company’s registered name and address',
  'Till startsida': 'the spec’s Swedish button text on the seller information pages, in both languages',
  'Bli säljare': 'the spec’s Swedish button text on the seller information pages, in both languages',
  'Välj Plan':
    'the plan cards’ Swedish buttons ("Välj Plan 1"), kept in both languages beside the spec’s other Swedish seller-programme buttons',
  'Kommer snart': 'the plan card of a plan not yet open, Swedish in both languages like "Välj Plan"',
  kr: 'the unit beside a price field, as sellers type amounts in kronor',
  'https://': 'an example of what to type (a link)',
  'butik.example.se': 'an example of what to type (a domain)',
  '/uploads/…': 'an example of what to type (an uploaded image path)',
  '#RRGGBB': 'an example of what to type (a colour)',
  'SE45 5000 0000 0583 9825 7466': 'an example of what to type (an IBAN)',
};

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

interface Literal {
  file: string;
  line: number;
  text: string;
  /** Where it stands: a text node, a string child, or the attribute's name. */
  place: string;
}

/** Every literal text in a file's JSX: text nodes, string children, and string attributes. */
export function jsxLiterals(source: string, file: string): Literal[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const add = (node: ts.Node, text: string, place: string) => {
    const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
    found.push({ file, line, text, place });
  };
  const stringOf = (node: ts.Node | undefined): string | null =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText(tree).replace(/\s+/g, ' ').trim();
      if (hasWords(text)) add(node, text, 'text');
    } else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const expression = node.expression;
      const text =
        stringOf(expression) ?? (expression && ts.isTemplateExpression(expression) ? expression.head.text : null);
      if (text !== null && hasWords(text)) add(node, text.trim(), 'string child');
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(tree);
      const initializer = node.initializer;
      const text = ts.isJsxExpression(initializer) ? stringOf(initializer.expression) : stringOf(initializer);
      if (text !== null && hasWords(text) && (VISIBLE_ATTRIBUTES.has(name) || TRANSLATED_PROPS.has(name))) {
        add(node, text, name);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const literals = sourceFiles('').flatMap((file) => jsxLiterals(readFileSync(join(SRC, file), 'utf8'), file));

describe('texts on screens', () => {
  it('finds the JSX of the screens', () => {
    expect(sourceFiles('').length).toBeGreaterThan(100);
  });

  it('are translated, or listed as the same in every language', () => {
    const untranslated = literals
      .filter(({ text, place }) =>
        TRANSLATED_PROPS.has(place)
          ? swedishCatalogue[text] === undefined && !(text in SAME_IN_EVERY_LANGUAGE)
          : !(text in SAME_IN_EVERY_LANGUAGE),
      )
      .map(({ file, line, text, place }) => `${file}:${line} ${place}: ${JSON.stringify(text)}`);
    expect(untranslated).toEqual([]);
  });

  it('lists no text that no screen shows any more', () => {
    const shown = new Set(literals.map(({ text }) => text));
    expect(Object.keys(SAME_IN_EVERY_LANGUAGE).filter((text) => !shown.has(text))).toEqual([]);
  });
});

describe('the literal finder', () => {
  it('finds text nodes, string children and visible attributes, not translated calls or class names', () => {
    const found = jsxLiterals(
      `export const A = () => (
        <div className="card" title="Hello there">
          Go home
          {'A string child'}
          {\`Till \${number} nu\`}
          {t('Translated')}
          <input placeholder={t('Min')} aria-label="Lowest price" />
          <Field label="Password" />
          {' '}
        </div>
      );`,
      'a.tsx',
    );
    expect(found.map(({ text, place }) => `${place}: ${text}`)).toEqual([
      'title: Hello there',
      'text: Go home',
      'string child: A string child',
      'string child: Till',
      'aria-label: Lowest price',
      'label: Password',
    ]);
  });
});
