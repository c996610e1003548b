import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { paired } from './support/screens';
import { type NewUser, registerByApi, startSession } from './support/session';

// Personal data (docs/decisions/262-personal-data-export-and-erasure.md): a user downloads their
// data from the profile (the file's JSON is theirs) and deletes the account with the password (a
// wrong one is refused in the dialog); afterwards they are signed out on the home page with a
// notice and cannot sign in. A buyer with an order still open is told why the account must wait.
// The privacy page lists what is stored. Svenska and English, at 390 and 1366 px.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/personal-data-shots';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const PRODUCT = 'Randig tröja Skärgård'; // Annas Ateljé: Swish and PayPal

const TEXTS = {
  en: {
    download: 'Download my data',
    delete: 'Delete my account',
    dialog: 'Delete your account?',
    password: 'Your password',
    wrong: 'The password is wrong.',
    deleted: 'Your account was deleted and you are signed out.',
    openOrders: /neither delivered nor cancelled/,
    createAccount: 'Create an account',
    stored: 'What we store and for how long',
    orders: 'Orders and receipts',
  },
  sv: {
    download: 'Ladda ner mina uppgifter',
    delete: 'Radera mitt konto',
    dialog: 'Radera ditt konto?',
    password: 'Ditt lösenord',
    wrong: 'Lösenordet är fel.',
    deleted: 'Ditt konto är raderat och du är utloggad.',
    openOrders: /varken är levererade eller avbrutna/,
    createAccount: 'Skapa ett konto',
    stored: 'Vad vi sparar och hur länge',
    orders: 'Ordrar och kvitton',
  },
} as const;
type Language = keyof typeof TEXTS;

async function chooseSwedish(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
}

async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A new user with a saved shipping address, signed in on the page in `language`. */
async function freshUser(page: Page, language: Language, name: string): Promise<NewUser> {
  const user = await registerByApi(page.request, name);
  const saved = await page.request.put('/api/users/save_shipping_address', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: {
      shipping_full_name: name,
      shipping_address: 'Integritetsgatan 3',
      shipping_postal_code: '903 25',
      shipping_city: 'Umeå',
      shipping_country: 'Sverige',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await startSession(page, user);
  if (language === 'sv') await chooseSwedish(page);
  return user;
}

for (const size of SIZES) {
  for (const language of ['en', 'sv'] as const) {
    if (!paired(language, size.width)) continue;
    const text = TEXTS[language];

    test(`${language} on a ${size.name}: a user downloads their data and deletes the account`, async ({ page }) => {
      // A download, an axe check of the dialog and a deletion: more than a plain screen's time.
      test.slow();
      await page.setViewportSize({ width: size.width, height: size.height });
      const user = await freshUser(page, language, `Irma Integritet ${language} ${size.name}`);
      await page.goto('/profile');
      const main = page.getByRole('main');
      const section = main.getByRole('region', { name: language === 'sv' ? 'Dina uppgifter' : 'Your data' });
      // The profile's page and details load first (slowly on a busy machine).
      await expect(section).toBeVisible({ timeout: 30_000 });
      // The spec's profile form is all still there.
      await expect(main.getByLabel(language === 'sv' ? 'Namn' : 'Name', { exact: true })).toHaveValue(user.name);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: text.download }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^torget-mina-uppgifter-\d{4}-\d\d-\d\d\.json$/);
      const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
      expect(data.account).toMatchObject({ id: user._id, email: user.email, shippingAddress: 'Integritetsgatan 3' });
      expect(JSON.stringify(data)).not.toMatch(/passwordHash|argon2/);
      await section.scrollIntoViewIfNeeded();
      await fitsWidth(page, size.width);
      await shoot(page, `profile-${language}-${size.name}`);

      // The dialog opens on the password; a wrong one is refused there, with the focus back on it.
      const opener = section.getByRole('button', { name: text.delete });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: text.dialog });
      await expect(dialog).toBeVisible();
      const password = dialog.getByLabel(text.password);
      await expect(password).toBeFocused();
      await password.fill('inte-mitt-lösen');
      await dialog.getByRole('button', { name: text.delete }).click();
      await expect(dialog.getByText(text.wrong)).toBeVisible();
      await expect(password).toBeFocused();
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await fitsWidth(page, size.width);
      await shoot(page, `dialog-${language}-${size.name}`);
      // The open dialog with its error breaks no WCAG 2.1 AA rule.
      const axe = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      // Escape closes it and the focus goes back to the button that opened it.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      await opener.click();
      await dialog.getByLabel(text.password).fill(user.password);
      await dialog.getByRole('button', { name: text.delete }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(main.getByText(text.deleted)).toBeVisible();
      // Signed out: the home page invites a visitor, and the browser keeps no session.
      await expect(main.getByRole('link', { name: text.createAccount })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('userInfo'))).toBeNull();
      await shoot(page, `deleted-${language}-${size.name}`);

      // The old session and the old password no longer open anything.
      const exported = await page.request.get('/api/users/me/export', {
        headers: { Authorization: `Bearer ${user.token}` },
      });
      expect(exported.status()).toBe(401);
      const signIn = await page.request.post('/api/users/signin', {
        data: { email: user.email, password: user.password },
      });
      expect(signIn.status()).toBe(401);
    });
  }
}

for (const language of ['en', 'sv'] as const) {
  const text = TEXTS[language];

  test(`${language}: a buyer with an open order is told why the account must wait`, async ({ page }) => {
    const user = await freshUser(page, language, `Olle Öppen ${language}`);
    const product = await productNamed(page.request, PRODUCT);
    const placed = await page.request.post('/api/orders', {
      headers: { Authorization: `Bearer ${user.token}` },
      data: {
        orderItems: [{ product: product._id, qty: 1 }],
        shippingAddress: {
          fullName: user.name,
          address: 'Integritetsgatan 3',
          city: 'Umeå',
          postalCode: '903 25',
          country: 'Sverige',
        },
        paymentMethod: 'Swish',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await page.goto('/profile');
    await page.getByRole('button', { name: text.delete }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await dialog.getByLabel(text.password).fill(user.password);
    await dialog.getByRole('button', { name: text.delete }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: text.openOrders })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test(`${language}: the privacy page lists what is stored and for how long, after the admin's text`, async ({
    page,
  }) => {
    if (language === 'sv') await chooseSwedish(page);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/privacy');
      const list = page.getByRole('region', { name: text.stored });
      await expect(list).toBeVisible();
      await expect(list.getByRole('heading', { name: text.orders })).toBeVisible();
      await expect(list.getByText(/7/).first()).toBeVisible();
      await fitsWidth(page, size.width);
      await list.scrollIntoViewIfNeeded();
      await shoot(page, `privacy-${language}-${size.name}`);
    }
  });
}
