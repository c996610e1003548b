import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type SmtpListener, startSmtpListener } from '../../api/src/test/smtp-listener';
import { mailText } from './support/mail-text';
import { ACCOUNTS, bearer, type SignedIn, signIn, signInByApi } from './support/sign-in';

// Reports and moderation: a visitor reports a listing from the product page, the admin removes
// it in the moderation queue with a statement of reasons, and it is gone from the shop and from
// search (the seller and the reporter are mailed); a seller hides a product from the product
// list and shows it again. In Svenska on a phone and in English on a laptop.

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/reports-shots';

let smtp: SmtpListener;
test.beforeAll(async () => {
  smtp = await startSmtpListener(SMTP_PORT);
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await smtp?.close();
});

const TEXTS = {
  en: {
    switchTo: null,
    report: 'Report',
    dialog: 'Report this product',
    category: 'What is wrong?',
    counterfeit: 'Counterfeit',
    description: 'Description',
    email: 'Your e-mail',
    send: 'Send report',
    thanks: 'Thank you for your report.',
    close: 'Close',
    reportsLink: 'Reports',
    queueHeading: 'Reports',
    reason: 'Statement of reasons',
    remove: 'Remove the listing',
    reasonRequired: 'Give the reason for the decision.',
    removeQuestion:
      'Remove this listing? Nobody but its seller sees it any more; the seller is mailed your statement of reasons and cannot undo it.',
    confirmRemove: 'Remove',
    removed: 'Removed; the seller is mailed your statement of reasons.',
    decided: 'Decided',
    notFound: 'Product Not Found',
    noProduct: 'No Product Found',
    hide: 'Hide',
    show: 'Show',
    hiddenBadge: 'Hidden',
    isHidden: 'is hidden',
    shownAgain: 'is shown again',
  },
  sv: {
    switchTo: 'Svenska',
    report: 'Anmäl',
    dialog: 'Anmäl produkten',
    category: 'Vad är fel?',
    counterfeit: 'Förfalskning',
    description: 'Beskrivning',
    email: 'Din e-postadress',
    send: 'Skicka anmälan',
    thanks: 'Tack för din anmälan.',
    close: 'Stäng',
    reportsLink: 'Anmälningar',
    queueHeading: 'Anmälningar',
    reason: 'Motivering',
    remove: 'Ta bort annonsen',
    reasonRequired: 'Ange skälet till beslutet.',
    removeQuestion:
      'Ta bort annonsen? Ingen utom säljaren ser den längre; säljaren får din motivering per mejl och kan inte ångra det.',
    confirmRemove: 'Ta bort',
    removed: 'Borttagen; säljaren får din motivering per mejl.',
    decided: 'Beslutade',
    // The product page shows the API's message as it comes (the spec's text).
    notFound: 'Product Not Found',
    noProduct: 'Ingen produkt hittades',
    hide: 'Dölj',
    show: 'Visa',
    hiddenBadge: 'Dold',
    isHidden: 'är dold',
    shownAgain: 'visas igen',
  },
} as const;

const RUNS = [
  { language: 'sv', size: { width: 390, height: 844 } },
  { language: 'en', size: { width: 1366, height: 900 } },
] as const;

const main = (page: Page) => page.getByRole('main');

async function prepare(page: Page, size: { width: number; height: number }, language: 'sv' | 'en') {
  await page.setViewportSize(size);
  await page.goto('/');
  const switchTo = TEXTS[language].switchTo;
  if (switchTo) {
    await page.getByRole('banner').getByRole('button', { name: switchTo }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  }
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * The mail to `to` that names `subject` (the inbox is shared by every run of this file, and a
 * seller gets other mails too); waits up to 10 s for it and answers '' when none came.
 */
async function mailAbout(to: string, subject: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = smtp.inbox
      .filter((m) => m.to.includes(to.toLowerCase()))
      .map((m) => mailText(m.raw))
      .find((text) => text.includes(subject));
    if (found !== undefined || Date.now() > deadline) return found ?? '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A product on sale in the seller's shop, named `name`, with a picture of the seller's own. */
async function productOnSale(request: APIRequestContext, seller: SignedIn, name: string): Promise<string> {
  const own = await request.get(`/api/products?seller=${seller._id}`);
  const image = ((await own.json()) as { products: { image: string }[] }).products[0]?.image ?? '';
  const made = await request.post('/api/products', { headers: bearer(seller), data: {} });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { product: { _id: string } }).product._id;
  const saved = await request.put(`/api/products/${id}`, {
    headers: bearer(seller),
    data: { name, price: 149, image, category: 'Hem', countInStock: 3, description: 'En vara att pröva.' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

for (const { language, size } of RUNS) {
  test(`a visitor reports a listing and the admin removes it; a seller hides and shows a product (${language}, ${size.width} px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const x = TEXTS[language];
    const shot = (p: Page, name: string) =>
      p.screenshot({ path: `${SHOTS}/${language}-${size.width}-${name}.png`, fullPage: true });
    const seller = await signInByApi(request, ACCOUNTS.johan);
    const tag = `${language}${Date.now().toString(36)}`;
    const reportedName = `Kopierad väska ${tag}`;
    const reportedId = await productOnSale(request, seller, reportedName);
    const hiddenName = `Gömbar lampa ${tag}`;
    const hiddenId = await productOnSale(request, seller, hiddenName);
    const reporterEmail = `anmalare-${tag}@example.se`;

    await test.step('a visitor reports the listing from its product page', async () => {
      await prepare(page, size, language);
      await page.goto(`/product/${reportedId}`);
      await expect(main(page).getByRole('heading', { level: 1, name: reportedName })).toBeVisible();
      await main(page)
        .getByRole('button', { name: new RegExp(`^${x.report}`) })
        .click();
      const dialog = page.getByRole('dialog', { name: x.dialog });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(x.category).selectOption({ label: x.counterfeit });
      await dialog.getByLabel(x.description, { exact: true }).fill('Loggan är kopierad från ett känt märke.');
      await dialog.getByLabel(x.email).fill(reporterEmail);
      await fitsWidth(page, size.width);
      await shot(page, '1-report-form');
      await dialog.getByRole('button', { name: x.send }).click();
      await expect(dialog.getByRole('status')).toContainText(x.thanks);
      await shot(page, '2-thanks');
      await dialog.getByRole('button', { name: x.close }).click();
      await expect(dialog).toBeHidden();
    });

    const adminContext = await browser.newContext({ locale: 'en-US' });
    const admin = await adminContext.newPage();
    await signIn(admin, ACCOUNTS.admin);
    await prepare(admin, size, language);
    const card = () => main(admin).getByRole('article').filter({ hasText: reportedName });

    await test.step('the admin removes it from the queue with a statement of reasons', async () => {
      await admin.goto('/admin_menu');
      await main(admin).getByRole('navigation').getByRole('link', { name: x.reportsLink, exact: true }).click();
      await expect(admin).toHaveURL(/\/admin_reports$/);
      await expect(main(admin).getByRole('heading', { level: 1, name: x.queueHeading })).toBeVisible();
      await expect(card()).toContainText(reporterEmail);
      await expect(card()).toContainText('Loggan är kopierad');
      await card()
        .getByRole('button', { name: new RegExp(`^${x.remove}`) })
        .click();
      await expect(card().getByRole('alert')).toHaveText(x.reasonRequired);
      await card().getByLabel(x.reason).fill('Varumärket används utan tillstånd från dess ägare.');
      await fitsWidth(admin, size.width);
      await shot(admin, '3-queue');
      await card()
        .getByRole('button', { name: new RegExp(`^${x.remove}`) })
        .click();
      const confirm = admin.getByRole('dialog', { name: x.removeQuestion });
      await confirm.getByRole('button', { name: x.confirmRemove, exact: true }).click();
      await expect(main(admin)).toContainText(x.removed);
      await admin.getByRole('link', { name: x.decided }).click();
      await expect(card()).toContainText('Varumärket används utan tillstånd');
      await shot(admin, '4-decided');
    });
    await adminContext.close();

    await test.step('the listing is gone from its page, the shop and search', async () => {
      await page.goto(`/product/${reportedId}`);
      await expect(main(page)).toContainText(x.notFound);
      await page.goto(`/seller/${seller._id}`);
      await expect(main(page).getByRole('heading', { name: hiddenName })).toBeVisible();
      await expect(main(page)).not.toContainText(reportedName);
      await page.goto(`/search/name/${encodeURIComponent(reportedName)}`);
      await expect(main(page)).toContainText(x.noProduct);
      const statement = await mailAbout(ACCOUNTS.johan.email, reportedName);
      expect(statement).toContain(reportedName);
      expect(statement).toContain('Varumärket används utan tillstånd från dess ägare.');
      const outcome = await mailAbout(reporterEmail, reportedName);
      expect(outcome).toContain(reportedName);
    });

    await test.step('the seller hides a product from the list and shows it again', async () => {
      const sellerContext = await browser.newContext({ locale: 'en-US' });
      const sellerPage = await sellerContext.newPage();
      await signIn(sellerPage, ACCOUNTS.johan);
      await prepare(sellerPage, size, language);
      await sellerPage.goto(`/productlist/seller?q=${encodeURIComponent(hiddenName)}`);
      const row = main(sellerPage).getByRole('row').filter({ hasText: hiddenName });
      await row.getByRole('button', { name: new RegExp(`^${x.hide} `) }).click();
      await expect(main(sellerPage)).toContainText(x.isHidden);
      await expect(row).toContainText(x.hiddenBadge);
      await fitsWidth(sellerPage, size.width);
      await shot(sellerPage, '5-hidden');
      expect((await request.get(`/api/products/${hiddenId}`)).status()).toBe(404);
      await row.getByRole('button', { name: new RegExp(`^${x.show} `) }).click();
      await expect(main(sellerPage)).toContainText(x.shownAgain);
      expect((await request.get(`/api/products/${hiddenId}`)).status()).toBe(200);
      await sellerContext.close();
    });
  });
}
