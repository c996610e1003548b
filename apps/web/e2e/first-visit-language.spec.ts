import { expect, type Page, test } from '@playwright/test';
import { swedishCatalogue } from '../src/locales/sv';

// The language of a first visit: a browser that asks for Swedish (Accept-Language sv-SE, which
// Playwright's locale sets) gets Svenska from the server's first byte, on the marketplace and on
// a seller's own domain, with no English shown first; a reload keeps it; the switch to English
// is remembered over the browser's language. An English browser gets the spec's UI.

test.use({
  locale: 'sv-SE',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--host-resolver-rules=MAP shop-anna.test 127.0.0.1',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  },
});

const sv = (english: string) => {
  const text = swedishCatalogue[english];
  if (text === undefined) throw new Error(`No Swedish text for '${english}'.`);
  return text;
};

/**
 * Records the text of #root the first time the app renders into it, so a test can tell whether
 * the first thing painted was already Swedish.
 */
async function recordFirstRender(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { firstRender?: string };
    new MutationObserver((_changes, observer) => {
      const root = document.getElementById('root');
      if (root && root.childElementCount > 0 && record.firstRender === undefined) {
        record.firstRender = `${document.documentElement.lang}|${root.innerText}`;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const firstRender = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstRender?: string }).firstRender ?? '');

test('a Swedish browser gets Svenska on its first visit, with no English first, and a reload keeps it', async ({
  page,
}) => {
  await recordFirstRender(page);
  const first = await page.goto('/');
  const html = (await first?.text()) ?? '';
  expect(html).toMatch(/<html lang="sv"/);
  // The server names the Swedish catalogue's chunk, so it loads beside the entry script.
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/sv-[\w-]+\.js">/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: sv('Sign In') })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'English', exact: true })).toBeVisible();
  const painted = await firstRender(page);
  expect(painted.startsWith('sv|')).toBe(true);
  expect(painted).toContain(sv('Sign In'));
  expect(painted).not.toMatch(/\bSign In\b/);
  // Nothing is stored: the browser's language is followed, not remembered as a choice.
  expect(await page.evaluate(() => localStorage.getItem('torget_lang'))).toBeNull();

  const reloaded = await page.reload();
  expect(await reloaded?.text()).toMatch(/<html lang="sv"/);
  await expect(banner.getByRole('link', { name: sv('Sign In') })).toBeVisible();
});

test('the switch to English is remembered over a Swedish browser', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'torget_lang')?.value).toBe('en');

  const reloaded = await page.reload();
  expect(await reloaded?.text()).toMatch(/<html lang="en"/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Svenska', exact: true })).toBeVisible();
});

test("a seller's own domain shows the switch in its own header, in Svenska for a Swedish browser", async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  const first = await page.goto(`http://shop-anna.test:${port}/`);
  expect(await first?.text()).toMatch(/<html lang="sv"/);
  const header = page.locator('.shop-header');
  await expect(header).toBeVisible();
  await expect(header.getByRole('link', { name: sv('Sign In') })).toBeVisible();
  const toEnglish = header.getByRole('button', { name: 'English', exact: true });
  await expect(toEnglish).toBeVisible();

  await toEnglish.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  const reloaded = await page.reload();
  expect(await reloaded?.text()).toMatch(/<html lang="en"/);
  const toSwedish = header.getByRole('button', { name: 'Svenska', exact: true });
  await expect(toSwedish).toBeVisible();
  await toSwedish.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(header.getByRole('link', { name: sv('Sign In') })).toBeVisible();
});

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test("gets the spec's UI and no Swedish chunk", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const first = await page.goto('/');
    const html = (await first?.text()) ?? '';
    expect(html).toMatch(/<html lang="en"/);
    expect(html).not.toMatch(/\/assets\/sv-/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/sv-[\w-]+\.js$/.test(path))).toEqual([]);
  });
});
