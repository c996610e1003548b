import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { registerByApi, signInFresh, startSession } from './support/session';
import { ACCOUNTS, signIn, signInByApi } from './support/sign-in';

// Who sells (docs/decisions/260-seller-identity.md): an applicant applies as a business with an
// organisation number (a wrong check digit is refused by the field), in English and Svenska; a
// business's storefront shows "Business"/"Företag" with its number, and a private seller's
// storefront and product page warn that consumer-law rights do not apply. At 390 and 1366 px.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/seller-identity-shots';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
/** The demo's private seller (seed-data.ts): Ingrid sells her handicraft as a private person. */
const INGRID = { email: 'ingrid@torget.se', password: 'salj1234' } as const;

async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function shoot(page: Page, name: string, focus: ReturnType<Page['getByText']>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await fitsWidth(page, size.width);
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png` });
  }
}

async function chooseSwedish(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
}

const texts = {
  en: {
    business: 'Business',
    legalName: 'Legal name of the business',
    organisationNumber: 'Organisation number',
    address: 'Address',
    postNumber: 'Post number',
    city: 'City',
    phone: 'Phone',
    certify: 'I only offer products that comply with EU law',
    submit: 'Create Shop',
    invalid: /That organisation number is not valid/,
  },
  sv: {
    business: 'Företag',
    legalName: 'Företagets registrerade namn',
    organisationNumber: 'Organisationsnummer',
    address: 'Adress',
    postNumber: 'Postnummer',
    city: 'Ort',
    phone: 'Telefon',
    certify: 'Jag erbjuder endast produkter som följer EU-lagstiftningen',
    submit: 'Skapa butik',
    invalid: /Organisationsnumret är inte giltigt/,
  },
} as const;

for (const language of ['en', 'sv'] as const) {
  test(`an applicant applies as a business with an organisation number (${language})`, async ({ page, request }) => {
    const words = texts[language];
    const user = await registerByApi(request, `Företagare ${language}`);
    await startSession(page, user);
    if (language === 'sv') await chooseSwedish(page);
    await page.setViewportSize(SIZES[0]);
    await page.goto('/become_seller/1');
    const form = page.getByRole('main').locator('form');
    await form.getByRole('radio', { name: words.business, exact: true }).check();
    await form.getByLabel(words.legalName).fill('Identitet och Handel AB');
    await form.getByLabel(words.address, { exact: true }).fill('Storgatan 1');
    await form.getByLabel(words.postNumber).fill('111 51');
    await form.getByLabel(words.city).fill('Stockholm');
    await form.getByLabel(words.phone).fill('08-123 456');
    // A wrong check digit is refused by the field, before anything is sent.
    await form.getByLabel(words.organisationNumber).fill('556016-0681');
    await form.getByLabel(words.certify).check();
    await shoot(page, `apply-${language}-identity`, form.getByRole('radio', { name: words.business, exact: true }));
    await form.getByRole('button', { name: words.submit }).click();
    const number = form.getByLabel(words.organisationNumber);
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription(words.invalid);
    await shoot(page, `apply-${language}-wrong-number`, form.getByText(words.invalid));

    await number.fill('5560160680');
    await form.getByRole('button', { name: words.submit }).click();
    await expect(page).toHaveURL(/\/seller_application$/);
    const details = await request.get(`/api/users/${user._id}`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(await details.json()).toMatchObject({
      wants_to_be_seller: true,
      seller: { type: 'business', legal_name: 'Identitet och Handel AB', organisation_number: '556016-0680' },
    });
  });
}

test('a business storefront shows “Business” and a private seller’s pages warn of consumer law', async ({
  page,
  request,
}) => {
  const anna = await signInByApi(request, ACCOUNTS.anna);
  const ingrid = await signInFresh(request, INGRID.email, INGRID.password);

  await page.goto(`/seller/${anna._id}`);
  const business = page.locator('.seller-legal');
  await expect(business).toContainText('Business');
  await expect(business).toContainText(/Organisation number: \d{6}-\d{4}/);
  await shoot(page, 'storefront-business-en', business.getByText('Business'));

  await page.goto(`/seller/${ingrid._id}`);
  const privateSeller = page.locator('.seller-legal');
  await expect(privateSeller).toContainText('Private person');
  await expect(privateSeller.getByRole('note')).toHaveText(
    'This seller is a private person. Consumer-law rights, such as the right of withdrawal, do not apply to purchases from a private seller.',
  );
  await shoot(page, 'storefront-private-en', privateSeller.getByRole('note'));

  // The product page says the same, under the seller's name.
  const products = await request.get(`/api/products?seller=${ingrid._id}`);
  const [first] = ((await products.json()) as { products: { _id: string }[] }).products;
  if (!first) throw new Error('Ingrid has no products');
  await page.goto(`/product/${first._id}`);
  await expect(page.locator('.seller-box').getByRole('note')).toContainText('do not apply');
  await shoot(page, 'product-private-en', page.locator('.seller-box').getByRole('note'));

  await chooseSwedish(page);
  await page.goto(`/seller/${anna._id}`);
  await expect(page.locator('.seller-legal')).toContainText('Företag');
  await expect(page.locator('.seller-legal')).toContainText(/Organisationsnummer: \d{6}-\d{4}/);
  await shoot(page, 'storefront-business-sv', page.locator('.seller-legal').getByText('Företag'));
  await page.goto(`/seller/${ingrid._id}`);
  await expect(page.locator('.seller-legal')).toContainText('Privatperson');
  await expect(page.locator('.seller-legal').getByRole('note')).toContainText('ångerrätten');
  await page.goto(`/product/${first._id}`);
  await expect(page.locator('.seller-box').getByRole('note')).toContainText('Säljaren är en privatperson');
  await shoot(page, 'product-private-sv', page.locator('.seller-box').getByRole('note'));
  // The personal number is nowhere on the page.
  expect(await page.content()).not.toContain('560315');
});

for (const language of ['en', 'sv'] as const) {
  test(`an admin downloads the DAC7 report of a year from the payouts page (${language})`, async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    if (language === 'sv') await chooseSwedish(page);
    await page.goto('/admin_payouts');
    const box = page.getByRole('region', { name: language === 'sv' ? 'DAC7-rapport' : 'DAC7 report' });
    const year = String(new Date().getFullYear());
    await box.getByLabel(language === 'sv' ? 'År' : 'Year').selectOption(year);
    await shoot(page, `dac7-${language}`, box.getByRole('heading'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      box.getByRole('button', { name: language === 'sv' ? 'Ladda ner DAC7 (CSV)' : 'Download DAC7 (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`torget-dac7-${year}.csv`);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^year,seller_id,seller_type,legal_name,organisation_number,personal_number,/);
    // Every row has the header's columns (no cell of the demo's holds a comma).
    for (const line of lines) expect(line.split(',')).toHaveLength(lines[0]?.split(',').length ?? 0);
  });
}

test('a private seller’s settings show the personal number masked, never whole', async ({ page, request }) => {
  const ingrid = await signInFresh(request, INGRID.email, INGRID.password);
  await startSession(page, ingrid);
  await page.goto('/seller_profile');
  const form = page.getByRole('main').locator('form.shop-settings-form');
  await expect(form.getByRole('radio', { name: 'Private person', exact: true })).toBeChecked();
  await expect(form.getByLabel('Your full name')).toHaveValue('Ingrid Olsson');
  const number = form.getByLabel('Personal identity number');
  await expect(number).toHaveValue('');
  await expect(number).toHaveAccessibleDescription(/Saved: 19560315-\*\*\*\*\. Leave empty to keep it\./);
  // A private seller has no organisation number to fill in.
  await expect(form.getByLabel('Organisation number')).toHaveCount(0);
  await expect(form.getByLabel('I only offer products that comply with EU law')).toBeChecked();
  await shoot(page, 'settings-private-en', number);
  expect(await page.content()).not.toContain('2389');
});
