/**
 * The demo's products with variants (docs/decisions/290-product-variants.md): some of Annas
 * Ateljé's clothes in sizes XS–XL (the linen dress in two colours too, some sold out, XL at its
 * own price), and a few products elsewhere in colours. Each product's stock is its variants' sum,
 * as the API keeps it. The t-shirt and the striped sweater stay without sizes: they are what the
 * browser suite buys by the product alone.
 */
import { combinations, type ProductOption } from '@torget/shared/rules/variants';
import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products, productVariants } from '#api/db/schema.ts';

const SIZES = ['XS', 'S', 'M', 'L', 'XL'];

interface DemoVariants {
  options: ProductOption[];
  /** The stock of the variant of `values`. */
  stock: (values: string[]) => number;
  /** Its own price in öre, where it has one. */
  priceOre?: (values: string[]) => number | null;
}

export const DEMO_VARIANTS: Record<string, DemoVariants> = {
  'Linneklänning Midsommar': {
    options: [
      { name: 'Storlek', values: SIZES },
      { name: 'Färg', values: ['Blå', 'Grön'] },
    ],
    // XS in green and XL in blue are sold out; M in blue is the one most sold.
    stock: ([size, colour]) =>
      (size === 'XS' && colour === 'Grön') || (size === 'XL' && colour === 'Blå') ? 0 : size === 'M' ? 8 : 2,
    priceOre: ([size]) => (size === 'XL' ? 94900 : null),
  },
  'Sommarklänning med fickor': {
    options: [{ name: 'Storlek', values: SIZES }],
    stock: ([size]) => (size === 'XS' ? 0 : 2),
  },
  'Långärmad t-shirt, havsgrön': {
    options: [{ name: 'Storlek', values: SIZES }],
    stock: ([size]) => (size === 'M' || size === 'L' ? 5 : 3),
  },
  'Mobilskal i återvunnen plast': {
    options: [{ name: 'Färg', values: ['Svart', 'Blå', 'Korall'] }],
    stock: ([colour]) => (colour === 'Korall' ? 0 : 10),
  },
  'Kaffemugg med dalamönster': {
    options: [{ name: 'Färg', values: ['Röd', 'Blå'] }],
    stock: () => 6,
  },
};

/** Writes the variants of DEMO_VARIANTS' products (placed by name) and each product's options and stock. */
export async function insertDemoVariants(
  tx: Db,
  placed: ReadonlyMap<string, { id: string; sellerId: string }>,
): Promise<void> {
  for (const [name, demo] of Object.entries(DEMO_VARIANTS)) {
    const product = placed.get(name);
    if (!product) throw new Error(`Demo variants of an unknown product ${name}`);
    const rows = combinations(demo.options).map((values, position) => ({
      productId: product.id,
      sellerId: product.sellerId,
      position,
      optionValues: values,
      countInStock: demo.stock(values),
      priceOre: demo.priceOre?.(values) ?? null,
    }));
    await tx.insert(productVariants).values(rows);
    const stock = rows.reduce((sum, row) => sum + row.countInStock, 0);
    await tx.update(products).set({ options: demo.options, countInStock: stock }).where(eq(products.id, product.id));
  }
}
