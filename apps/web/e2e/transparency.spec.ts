import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// The pages a marketplace owes its buyers (how results are ranked, how reviews are checked),
// reached from the footer and from the search results, in both languages on a phone and a laptop;
// and the site texts written in the rich-text editor, shown sanitised.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/transparency-shots';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const RUNS = [
  { language: 'sv', size: PHONE },
  { language: 'en', size: LAPTOP },
] as const;

const TEXTS = {
  en: {
    ranking: 'How search results are ranked',
    reviews: 'How reviews are checked',
    rankingFact: 'No seller can pay for a higher place',
    reviewsFact: 'the review is marked Verified purchase',
    sortName: 'Avg. Customer Reviews',
    footer: 'Footer',
  },
  sv: {
    ranking: 'Så rankas sökresultat',
    reviews: 'Så kontrolleras omdömen',
    rankingFact: 'Ingen säljare kan betala för en högre plats',
    reviewsFact: 'märks omdömet Verifierat köp',
    sortName: 'Kundbetyg',
    footer: 'Sidfot',
  },
} as const;

const main = (page: Page) => page.getByRole('main');

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function chooseLanguage(page: Page, language: 'sv' | 'en') {
  await page.goto('/');
  if (language === 'sv') {
    await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  }
}

for (const { language, size } of RUNS) {
  test(`the ranking and review pages, from the footer and the search results (${language}, ${size.width} px)`, async ({
    page,
  }) => {
    // Five pages and a search: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const x = TEXTS[language];
    await page.setViewportSize(size);
    await chooseLanguage(page, language);

    const footer = page.getByRole('contentinfo').getByRole('navigation', { name: x.footer });
    await footer.getByRole('link', { name: x.ranking }).click();
    await expect(page).toHaveURL(/\/ranking$/);
    await expect(main(page).getByRole('heading', { level: 1, name: x.ranking })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(x.ranking));
    await expect(main(page)).toContainText(x.rankingFact);
    await expect(main(page).getByText(x.sortName, { exact: true })).toBeVisible();
    await fitsWidth(page, size.width);
    await page.screenshot({ path: `${SHOTS}/ranking-${language}-${size.width}.png`, fullPage: true });

    // Each page links to the other.
    await main(page).getByRole('link', { name: x.reviews }).click();
    await expect(page).toHaveURL(/\/reviews_policy$/);
    await expect(main(page).getByRole('heading', { level: 1, name: x.reviews })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(x.reviews));
    await expect(main(page)).toContainText(x.reviewsFact);
    await fitsWidth(page, size.width);
    await page.screenshot({ path: `${SHOTS}/reviews-${language}-${size.width}.png`, fullPage: true });

    await page.goto('/');
    await footer.getByRole('link', { name: x.reviews }).click();
    await expect(page).toHaveURL(/\/reviews_policy$/);

    // The search results link to the ranking beside their sort.
    await page.goto('/search/name/mössa');
    const link = main(page).getByRole('link', { name: x.ranking });
    await expect(link).toBeVisible();
    await fitsWidth(page, size.width);
    await page.screenshot({ path: `${SHOTS}/search-${language}-${size.width}.png` });
    await link.click();
    await expect(page).toHaveURL(/\/ranking$/);
  });
}

test('the admin formats a site text in the editor; the page shows it, sanitised', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await signInByApi(request, ACCOUNTS.admin);
  const before = (await (await request.get('/api/settings')).json()) as { about_text: string };
  await signIn(page, ACCOUNTS.admin);
  try {
    await page.goto('/admin_settings');
    const about = main(page).getByRole('textbox', { name: 'About text' });
    // The settings and the editor's chunk load first.
    await expect(about).not.toBeEmpty({ timeout: 30_000 });

    await test.step('written with the keyboard', async () => {
      // Playwright's fill() works on the editor as on a text area.
      await about.fill('Torget is a market square.');
      await about.press('End');
      await about.press('Enter');
      // Formatting typed as in any word processor: the editor's input rules.
      await page.keyboard.type('**Small shops** sell here.');
      await page.keyboard.press('Enter');
      // The keyboard's own shortcut for a list, as in any word processor.
      await page.keyboard.type('- crafts');
      await main(page).getByRole('button', { name: 'Save' }).click();
      await expect(main(page).getByText('Settings were updated.')).toBeVisible();

      await page.goto('/about');
      const text = main(page).locator('.site-text');
      await expect(text.locator('p').first()).toHaveText('Torget is a market square.');
      // (The first line keeps the demo text's bold: fill() types over bold text.)
      await expect(text.locator('strong').filter({ hasText: 'shops' })).toHaveText('Small shops');
      await expect(text.locator('ul li')).toHaveText('crafts');
      await page.screenshot({ path: `${SHOTS}/about-formatted.png`, fullPage: true });
    });

    await test.step('HTML pasted in the HTML view keeps its formatting and loses what could run', async () => {
      await page.goto('/admin_settings');
      const field = main(page).locator('.rich-text-editor').filter({ hasText: 'About text' });
      const html = field.getByRole('button', { name: 'Edit as HTML' });
      await html.click();
      await expect(html).toHaveAttribute('aria-pressed', 'true');
      const source = main(page).getByLabel('About text');
      await expect(source).toHaveValue(/<strong>Small shops<\/strong>/);
      await source.fill(
        '<h2>Om oss</h2><p onmouseover="window.__xss=1">Vi är <em>ett torg</em>.</p><img src=x onerror="window.__xss=2"><script>window.__xss=3</script>',
      );
      await main(page).getByRole('button', { name: 'Save' }).click();
      await expect(main(page).getByText('Settings were updated.')).toBeVisible();
      // The form shows what the server kept.
      await expect(source).toHaveValue('<h2>Om oss</h2><p>Vi är <em>ett torg</em>.</p>');
      // Back in the editor, the text is formatted there too.
      await html.click();
      await expect(main(page).getByRole('textbox', { name: 'About text' }).locator('h2')).toHaveText('Om oss');

      for (const size of [PHONE, LAPTOP]) {
        await page.setViewportSize(size);
        await fitsWidth(page, size.width);
        await page.screenshot({ path: `${SHOTS}/admin-settings-${size.width}.png` });
      }

      await page.goto('/about');
      const text = main(page).locator('.site-text');
      await expect(text.getByRole('heading', { level: 2, name: 'Om oss' })).toBeVisible();
      await expect(text.locator('em')).toHaveText('ett torg');
      await expect(text.locator('img, script, [onmouseover]')).toHaveCount(0);
      await text.locator('p').hover();
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    });
  } finally {
    // The other specs read the demo's about text.
    await request.put('/api/settings/', { headers: bearer(admin), data: { about_text: before.about_text } });
  }
});
