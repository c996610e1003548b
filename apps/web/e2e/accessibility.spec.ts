import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import type * as AxeCore from 'axe-core';
import {
  type DemoIds,
  demoIds,
  LANGUAGES,
  paired,
  routerPaths,
  SCREENS,
  settle,
  VIEWERS,
  type Viewer,
  viewerContext,
  visit,
  WIDTHS,
} from './support/screens';

// WCAG 2.1 A and AA on every screen (support/screens.ts lists them; the first test keeps that list
// complete against the router): as a signed-out and a signed-in shopper, a seller and the admin,
// at 390 px in Svenska and at 1 366 px in English. Lag (2023:254) on accessibility of products and
// services asks consumer e-commerce for exactly this level. One visit per screen per combination;
// any violation fails the test, printed with its rule, its elements and the screen.

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules switched off, each with the reason. (None: every rule of the four tags runs. A rule that
 * has to go gets a line here saying why, and the list is printed with the count.)
 */
const DISABLED_RULES: Record<string, string> = {};

let screensChecked = 0;

/**
 * States a screen reaches only by a user's action, checked too: the search suggestions, the open
 * Menu panel, and the page's own confirm dialog. Found by role and id, so in either language.
 */
const STATES: {
  viewer: Viewer;
  name: string;
  reach: (page: Page) => Promise<void>;
  leave?: (page: Page) => Promise<void>;
}[] = [
  {
    viewer: 'visitor',
    name: '/ with search suggestions open',
    reach: async (page) => {
      await page.goto('/');
      await settle(page);
      await page.locator('#header-search').fill('hö');
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    },
  },
  {
    viewer: 'shopper',
    name: '/ with the Menu panel open',
    reach: async (page) => {
      await page.goto('/');
      await settle(page);
      await page.locator('.panel-toggle-menu:visible').first().click();
      await expect(page.locator('#menu-sidebar')).toBeVisible();
    },
  },
  {
    viewer: 'seller',
    name: '/productlist/seller with the delete dialog open',
    reach: async (page) => {
      await page.goto('/productlist/seller');
      await settle(page);
      await page.getByRole('main').locator('.button-danger').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
    leave: async (page) => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    },
  },
];

interface Found {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's script, put into a page once per document (the walk moves between screens inside the app). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function violations(page: Page, screen: string, minimumPasses = 10): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    ({ tags, disabled }) => {
      // axe-core's global, put in by AXE_SOURCE above.
      const { axe } = window as unknown as { axe: typeof AxeCore };
      return axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(disabled.map((rule: string) => [rule, { enabled: false }])),
        // Every violation with all its elements; of the rules passed, the names only (much faster).
        resultTypes: ['violations'],
      });
    },
    { tags: WCAG_21_AA, disabled: Object.keys(DISABLED_RULES) },
  );
  // A screen axe found nothing to check on would pass by saying nothing.
  expect(result.passes.length, `${screen}: axe checked nothing`).toBeGreaterThan(minimumPasses);
  return result.violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

function report(found: Found[]): string {
  return found
    .map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.slice(0, 6).join('\n    ')}`)
    .join('\n');
}

test('every route of the router is among the screens checked', () => {
  const listed = new Set(SCREENS.map((screen) => screen.route));
  const missing = routerPaths().filter((path) => !listed.has(path));
  expect(missing, 'routes with no line in e2e/support/screens.ts').toEqual([]);
});

test('the check fails on a page that breaks the rules', async ({ page }) => {
  await page.setContent(
    '<html><body><main><h1>Test</h1><img src="data:,"><input type="text"><p style="color:#bbb">Faint</p></main></body></html>',
  );
  const rules = (await violations(page, 'a broken page', 0)).map((found) => found.rule).sort();
  expect(rules).toEqual(['color-contrast', 'document-title', 'html-has-lang', 'image-alt', 'label']);
});

test.describe('WCAG 2.1 AA', () => {
  let ids: DemoIds;

  test.beforeAll(async ({ browser, baseURL }) => {
    const page = await browser.newPage({ baseURL });
    ids = await demoIds(page);
    await page.close();
  });

  test.afterAll(() => {
    const disabled = Object.entries(DISABLED_RULES);
    console.log(
      `axe (WCAG 2.1 A + AA): ${screensChecked} screens checked` +
        (disabled.length ? `; rules off: ${disabled.map(([rule, why]) => `${rule} (${why})`).join('; ')}` : ''),
    );
  });

  for (const size of WIDTHS) {
    for (const language of LANGUAGES) {
      if (!paired(language, size.width)) continue;
      for (const viewer of VIEWERS) {
        test(`${viewer}, ${size.width} px, ${language}`, async ({ browser, baseURL, page }) => {
          test.setTimeout(240_000);
          const context = await viewerContext(browser, baseURL ?? '', page, viewer, language, size);
          const visitor = await context.newPage();
          const found: Found[] = [];
          for (const screen of SCREENS.filter((s) => s.viewer === viewer)) {
            const path = screen.path(ids);
            await visit(visitor, path);
            await settle(visitor);
            await expect(visitor.locator('html')).toHaveAttribute('lang', language);
            found.push(...(await violations(visitor, `${path} (${viewer}, ${size.width} px, ${language})`)));
            screensChecked += 1;
            await screen.after?.(visitor);
          }
          for (const state of STATES.filter((s) => s.viewer === viewer)) {
            await state.reach(visitor);
            found.push(...(await violations(visitor, `${state.name} (${viewer}, ${size.width} px, ${language})`)));
            screensChecked += 1;
            await state.leave?.(visitor);
          }
          await context.close();
          expect(found, report(found)).toEqual([]);
        });
      }
    }
  }
});
