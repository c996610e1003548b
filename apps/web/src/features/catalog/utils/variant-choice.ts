/**
 * The product page's choice of a variant: the value picked of each option (null until picked),
 * the variant they name once every option has one, and which values are sold out given the
 * others picked (rules/variants.ts).
 */
import type { ProductDetails, ProductVariant } from '@torget/shared/api-types.generated';

export type Choice = (string | null)[];

/** Nothing picked yet; an option with one value is picked from the start. */
export function initialChoice(product: Pick<ProductDetails, 'options'>): Choice {
  return (product.options ?? []).map((option) => (option.values.length === 1 ? (option.values[0] ?? null) : null));
}

/** The variant every picked value names; null while an option is unpicked or no variant has them. */
export function chosenVariant(product: Pick<ProductDetails, 'variants'>, choice: Choice): ProductVariant | null {
  if (choice.some((value) => value === null)) return null;
  return product.variants.find((variant) => variant.values.every((value, i) => value === choice[i])) ?? null;
}

/**
 * Whether `value` of option `index` is sold out: no variant with it (and with the other options'
 * picked values) has stock, or none is sold.
 */
export function soldOut(
  product: Pick<ProductDetails, 'variants'>,
  choice: Choice,
  index: number,
  value: string,
): boolean {
  return !product.variants.some(
    (variant) =>
      variant.values[index] === value &&
      variant.countInStock > 0 &&
      variant.values.every((other, i) => i === index || choice[i] === null || choice[i] === other),
  );
}
