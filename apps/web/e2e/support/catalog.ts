import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface ProductJson {
  _id: string;
  name: string;
  price: number;
  image: string;
  category: string;
  countInStock: number;
  rating: number;
  numReviews: number;
  seller: { _id: string; name: string; seller: { name: string } };
}

export interface ProductListJson {
  products: ProductJson[];
  page: number;
  pages: number;
  count: number;
}

/** GET /api/products with the given query. */
export async function listProducts(
  request: APIRequestContext,
  query: Record<string, string | number>,
): Promise<ProductListJson> {
  const response = await request.get('/api/products', { params: query });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ProductListJson;
}

/** The one demo product whose name contains `name`. */
export async function productNamed(request: APIRequestContext, name: string): Promise<ProductJson> {
  const { products } = await listProducts(request, { name, pageSize: 100 });
  const product = products.find((p) => p.name === name);
  expect(product, `demo product '${name}'`).toBeDefined();
  return product as ProductJson;
}

/** The SEK amounts of the product cards, in page order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('main')
    .getByRole('article')
    .getByText(/^SEK \d+\.\d{2}$/)
    .allTextContents();
  return texts.map((text) => Number(text.replace('SEK ', '')));
}

/** The names of the product cards, in page order. */
export function cardNames(page: Page) {
  return page.getByRole('main').getByRole('article').getByRole('heading');
}

/** Runs `action`, expects it to open one browser dialog (alert or confirm) with `message`, and accepts it. */
export async function acceptDialog(page: Page, message: string, action: () => Promise<void>): Promise<void> {
  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  await action();
  await expect.poll(() => messages).toEqual([message]);
}

/** '#fff6f3' → 'rgb(255, 246, 243)', as getComputedStyle answers. */
export function hexToRgb(hex: string): string {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
