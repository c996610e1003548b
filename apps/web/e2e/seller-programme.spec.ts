import { expect, type Page, test } from '@playwright/test';
import { png } from './support/png';
import { applyToSellByApi, registerByApi, startSession } from './support/session';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// The seller programme: a customer reads the info pages, picks plan 1 and applies; the
// admin approves; the new seller sets up the shop (colours, logo, Swish) and the storefront shows
// it; the admin edits the about text, which the page shows sanitised.

const main = (page: Page) => page.getByRole('main');

test('signed-out visitors choose a plan through sign-in; plan 3 cannot be chosen', async ({ page }) => {
  await page.goto('/seller_info_2');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Välj Plan 1' })).toHaveAttribute(
    'href',
    '/signin?redirect=become_seller/1',
  );
  await expect(main(page).getByRole('link', { name: 'Välj Plan 2' })).toHaveAttribute(
    'href',
    '/signin?redirect=become_seller/2',
  );
  await expect(main(page).getByRole('button', { name: 'Kommer snart' })).toBeDisabled();
  await expect(main(page).getByRole('link', { name: 'Till startsida' })).toHaveAttribute('href', '/');
});

test('a customer applies, the admin approves, the seller sets up the shop', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const customer = await registerByApi(page.request, 'Karin Lind');
  await startSession(page, customer);

  await test.step('the customer reads the info pages', async () => {
    await page.goto('/about');
    await expect(main(page).getByRole('heading', { level: 1, name: 'About Torget' })).toBeVisible();
    await expect(main(page)).toContainText('svensk marknadsplats');
    await expect(main(page).getByRole('link', { name: 'Till startsida' })).toHaveAttribute('href', '/');
    await expect(main(page).getByRole('link', { name: 'Bli säljare' })).toHaveAttribute('href', '/seller_info_1');

    await page.goto('/privacy');
    await expect(main(page)).toContainText('integritet');
    await main(page).getByRole('link', { name: 'Read the privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy_policy$/);
    await expect(main(page)).toContainText('Personuppgiftsansvarig');
    await expect(main(page).getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/privacy');

    await page.goto('/seller_info_1');
    await expect(main(page)).toContainText('Öppna din egen butik på Torget');
    await expect(main(page).getByRole('link', { name: 'Till startsida' })).toHaveAttribute('href', '/');
    await main(page).getByRole('link', { name: 'Bli säljare' }).click();
    await expect(page).toHaveURL(/\/seller_info_2$/);
  });

  await test.step('the plans: labels and prices, plan 3 not selectable', async () => {
    const plans = main(page).getByRole('article');
    await expect(plans).toHaveCount(3);
    await expect(plans.nth(0)).toContainText('Gratis, max 5 produkter.');
    await expect(plans.nth(0)).toContainText('Gratis');
    await expect(plans.nth(1)).toContainText('Egen domän');
    await expect(plans.nth(1)).toContainText('299 kr/år');
    await expect(plans.nth(2)).toContainText('Domän ingår');
    await expect(plans.nth(2)).toContainText('499 kr/år');
    await expect(plans.nth(2).getByRole('button', { name: 'Kommer snart' })).toBeDisabled();
    await expect(main(page).getByRole('link', { name: 'Välj Plan 2' })).toHaveAttribute('href', '/become_seller/2');
    await main(page).getByRole('link', { name: 'Välj Plan 1' }).click();
    await expect(page).toHaveURL(/\/become_seller\/1$/);
  });

  await test.step('Create Shop: a wrong organisation number is refused, a right one applies', async () => {
    const form = main(page);
    await expect(form.getByRole('heading', { level: 1, name: 'Create Shop' })).toBeVisible();
    await expect(form).toContainText('Gratis, max 5 produkter.');
    await expect(form.getByLabel('Organisation number')).toHaveAttribute('placeholder', 'NNNNNN-NNNN');
    await form.getByLabel('Shop Name').fill('Karins Krukor');
    await form.getByLabel('Address').fill('Drottninggatan 5');
    await form.getByLabel('Post number').fill('111 51');
    await form.getByLabel('City').fill('Stockholm');
    await form.getByLabel('Phone').fill('08-123 456 78');
    await form.getByLabel('Organisation number').fill('556016-0681');
    await form.getByLabel('Shop Description').fill('<p>Krukor och <strong>fat</strong> från Stockholm.</p>');
    await form.getByRole('button', { name: 'Create Shop' }).click();
    await expect(form.getByRole('alert')).toContainText('That organisation number is not valid');

    await form.getByLabel('Organisation number').fill('556016-0680');
    await form.getByRole('button', { name: 'Create Shop' }).click();
    await expect(page).toHaveURL(/\/seller_application$/);
    await expect(form.getByRole('heading', { level: 1, name: 'Seller application' })).toBeVisible();
    await expect(form).toContainText('Waiting for approval');
    await expect(form).toContainText('1 – Gratis, max 5 produkter.');
    await expect(form).toContainText('Karins Krukor');
    await expect(form).toContainText('556016-0680');
    await expect(form.getByText('fat', { exact: true })).toBeVisible();

    // Back on Create Shop, the applicant is told they already applied.
    await page.goto('/become_seller/2');
    await expect(form).toContainText('You already applied to become a seller.');
    await expect(form.getByRole('link', { name: 'Your application' })).toHaveAttribute('href', '/seller_application');
  });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);

  await test.step('the admin approves the application', async () => {
    await admin.goto(`/user/${customer._id}/edit`);
    await expect(main(admin)).toContainText('Waiting for approval');
    await main(admin).getByLabel('Is Seller').check();
    await main(admin).getByRole('button', { name: 'Update' }).click();
    await expect(admin).toHaveURL(/\/userlist$/);
  });

  await test.step('the open tab learns of the approval from the server, without a new sign-in', async () => {
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'My Shop' })).toHaveCount(0);
    await page.reload();
    await expect(header.getByRole('button', { name: 'My Shop' })).toBeVisible();
    // Become Seller is greyed out for a seller.
    await header.getByRole('button', { name: 'Info' }).click();
    await expect(header.getByRole('link', { name: 'Become Seller' })).toHaveCount(0);
    await expect(header.getByText('Become Seller')).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    // Create Shop now says the user already sells.
    await page.goto('/become_seller/1');
    await expect(main(page)).toContainText('Du är redan en säljare.');
    await expect(main(page).getByRole('link', { name: /settings/i })).toHaveAttribute('href', '/seller_profile');
  });

  await test.step('the seller sets up the shop: colours, logo, Swish', async () => {
    await page.goto('/seller_profile');
    const form = main(page);
    await expect(form.getByRole('heading', { level: 1, name: 'My Shop / Settings' })).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Karins Krukor');
    await expect(form.getByLabel('Post number')).toHaveValue('111 51');

    await form.getByLabel('Name text colour').fill('#0a7d33');
    await form.getByLabel('Footer background colour').fill('#123456');
    await expect(form.getByLabel('Footer background colour')).toHaveAttribute('placeholder', '#RRGGBB');

    // Logo on without an image, Swish on without a number: the form says so beside the fields
    // (in the page, no window.alert) and sends nothing.
    const windowDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      windowDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await form.getByLabel('Has logo').check();
    await form.getByLabel('Has Swish').check();
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Please enter a swish number.' })).toBeVisible();
    await expect(form.getByRole('alert').filter({ hasText: 'Please choose a logo image.' })).toBeVisible();
    await form.getByLabel('Swish number').fill('123 456 78 90');
    await expect(form.getByRole('alert').filter({ hasText: 'Please enter a swish number.' })).toHaveCount(0);

    await form.getByLabel('Logo image').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: png(48, 48, [200, 40, 60]),
    });
    await expect(form.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
    await expect(form.getByLabel('Swish number')).toHaveValue('1234567890');
    expect(windowDialogs).toEqual([]);
  });

  await test.step('the storefront shows the colours and the logo', async () => {
    await page.goto(`/seller/${customer._id}`);
    const name = page.getByRole('heading', { level: 1, name: 'Karins Krukor' });
    await expect(name).toBeVisible();
    await expect(name).toHaveCSS('color', 'rgb(10, 125, 51)');
    await expect(page.getByRole('img', { name: 'Karins Krukor logo' })).toHaveAttribute('src', /^\/uploads\//);
    await expect(page.locator('.storefront-footer')).toHaveCSS('background-color', 'rgb(18, 52, 86)');
    // The seller's menu leads to the shop and its settings.
    await page.goto('/my_shop_menu');
    await expect(main(page).getByRole('link', { name: 'View shop' })).toHaveAttribute(
      'href',
      `/seller/${customer._id}`,
    );
    await expect(main(page).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/seller_profile');
  });

  await test.step('the admin edits the about text; the page shows it sanitised', async () => {
    await admin.goto('/admin_settings');
    await expect(main(admin).getByRole('textbox', { name: 'About text' })).not.toBeEmpty();
    // The editor's HTML switch, for HTML pasted from elsewhere: the server keeps what is safe.
    const aboutField = main(admin).locator('.rich-text-editor').filter({ hasText: 'About text' });
    await aboutField.getByRole('button', { name: 'Edit as HTML' }).click();
    const about = main(admin).getByLabel('About text');
    await expect(about).not.toHaveValue('');
    await about.fill('<p>Hej</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>');
    await main(admin).getByRole('button', { name: 'Save' }).click();
    await expect(main(admin).getByText('Settings were updated.')).toBeVisible();
    await expect(about).toHaveValue('<p>Hej</p>');

    await admin.goto('/about');
    await expect(main(admin).getByText('Hej', { exact: true })).toBeVisible();
    await expect(main(admin).locator('.site-text img, .site-text script')).toHaveCount(0);
    expect(await admin.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  await adminContext.close();
});

test('a shop description never runs a script, on the application or the storefront', async ({ page, request }) => {
  const hostile =
    '<p>Välkommen</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
    '<a href="javascript:window.__xss=3">länk</a><svg onload="window.__xss=4"></svg>';
  const seller = await registerByApi(request, 'Listig Säljare');
  await applyToSellByApi(request, seller, '1', { seller_name: 'Listiga Butiken', seller_description: hostile });
  const admin = await signInByApi(request, ACCOUNTS.admin);
  const approved = await request.put(`/api/users/${seller._id}`, {
    headers: bearer(admin),
    data: { is_seller: true },
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await startSession(page, seller);
  for (const path of ['/seller_application', `/seller/${seller._id}`]) {
    await page.goto(path);
    await expect(main(page).getByText('Välkommen', { exact: true })).toBeVisible();
    await expect(main(page).locator('img[onerror], script, svg, a[href^="javascript:"]')).toHaveCount(0);
    await main(page)
      .getByText('länk')
      .click({ timeout: 2_000 })
      .catch(() => {});
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), path).toBeUndefined();
  }
  expect(errors).toEqual([]);
});
