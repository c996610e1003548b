import { expect, type Page, test } from '@playwright/test';
import { swedishCatalogue } from '../src/locales/sv';
import { paired } from './support/screens';
import { registerByApi } from './support/session';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// The admin who can find anything: an order by its number (T-100001) and a user by e-mail, in
// the order and user lists' search, at a phone's and a desktop's width, in Svenska and English.
// The search stays in the address: a reload keeps it, the back button leaves it.

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;
const LANGUAGES = [
  { code: 'en', locale: 'en-GB' },
  { code: 'sv', locale: 'sv-SE' },
] as const;

const SCREENSHOTS = process.env.ADMIN_FIND_SCREENSHOTS;

interface ListedOrder {
  _id: string;
  orderNumber: string;
}

/** The admin's seventh-newest order: one from the seeded data, not the list's first row. */
async function someOrder(page: Page): Promise<ListedOrder> {
  const admin = await signInByApi(page.request, ACCOUNTS.admin);
  const response = await page.request.get('/api/orders', { headers: bearer(admin) });
  expect(response.ok()).toBe(true);
  const orders = (await response.json()) as ListedOrder[];
  const order = orders[6] ?? orders.at(-1);
  if (!order) throw new Error('the seed has no orders');
  return order;
}

for (const size of SIZES) {
  for (const language of LANGUAGES) {
    if (!paired(language.code, size.viewport.width)) continue;
    test(`${language.code} on a ${size.name}: the admin finds an order by its number and a user by e-mail`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, viewport: size.viewport, locale: language.locale });
      const page = await context.newPage();
      const say = (english: string) => (language.code === 'sv' ? (swedishCatalogue[english] ?? english) : english);
      const order = await someOrder(page);
      const person = await registerByApi(page.request, 'Hitta Mig');
      await signIn(page, ACCOUNTS.admin);

      // The order, by its number.
      await page.goto('/orderlist');
      await expect(page.locator('html')).toHaveAttribute('lang', language.code);
      const orderSearch = page.getByRole('search', { name: say('Search orders') });
      await orderSearch.getByRole('searchbox', { name: say('Order number, buyer or shop') }).fill(order.orderNumber);
      await orderSearch.getByRole('button', { name: say('Search'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/orderlist\\?search=${order.orderNumber}$`));
      const rows = page.getByRole('region', { name: say('All orders') }).getByRole('row');
      // The heading row and the one order.
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1).getByRole('cell').first()).toContainText(order.orderNumber);
      if (SCREENSHOTS)
        await page.screenshot({ path: `${SCREENSHOTS}/orders-${language.code}-${size.name}.png`, fullPage: true });
      await page.reload();
      await expect(rows).toHaveCount(2);
      await expect(orderSearch.getByRole('searchbox')).toHaveValue(order.orderNumber);
      await rows
        .nth(1)
        .getByRole('link', { name: new RegExp(`^${say('Details')}`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/order/${order._id}$`));
      await page.goBack();
      await expect(page).toHaveURL(/search=/);
      await expect(rows).toHaveCount(2);

      // The user, by e-mail.
      await page.goto('/userlist');
      const userSearch = page.getByRole('search', { name: say('Search users') });
      await userSearch.getByRole('searchbox', { name: say('Name or e-mail') }).fill(person.email);
      await userSearch.getByRole('searchbox').press('Enter');
      await expect(page).toHaveURL(/\/userlist\?search=/);
      const userRows = page.getByRole('region', { name: say('Users table') }).getByRole('row');
      await expect(userRows).toHaveCount(2);
      await expect(userRows.nth(1)).toContainText(person.email);
      if (SCREENSHOTS)
        await page.screenshot({ path: `${SCREENSHOTS}/users-${language.code}-${size.name}.png`, fullPage: true });
      // The name leads the row and opens the user; the id is only in that link.
      await userRows.nth(1).getByRole('link', { name: 'Hitta Mig', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${person._id}/edit$`));
      await page.goBack();
      await expect(userRows).toHaveCount(2);
      // Clearing the filters shows everyone again.
      await userSearch.getByRole('button', { name: say('Clear filters') }).click();
      await expect(page).toHaveURL(/\/userlist$/);
      await expect(userRows.nth(2)).toBeVisible();

      if (SCREENSHOTS) {
        await page.goto('/admin_menu');
        await expect(page.getByRole('heading', { name: say('Overview') })).toBeVisible();
        await page.screenshot({ path: `${SCREENSHOTS}/menu-${language.code}-${size.name}.png`, fullPage: true });
        await page.goto('/productlist?state=listed');
        await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
        await page.screenshot({ path: `${SCREENSHOTS}/products-${language.code}-${size.name}.png`, fullPage: true });
      }
      await context.close();
    });
  }
}
