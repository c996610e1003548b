/**
 * A product's variants: up to two options (Storlek, Färg), each with its values, and one variant
 * per combination the seller sells, with its own stock and, optionally, its own price, SKU and
 * image (docs/decisions/290-product-variants.md). A product without options has no variants and
 * is bought as before; one with options is bought one variant at a time, and its `countInStock`
 * is the sum of its variants' stock.
 */

/** At most this many options (Storlek and Färg). */
export const MAX_OPTIONS = 2;
/** At most this many variants per product (and so combinations the builder generates). */
export const MAX_VARIANTS = 100;

export const VARIANT_LIMITS = {
  optionName: 40,
  optionValue: 40,
  sku: 64,
} as const;

/** An option as the seller names it, with its values in the seller's order. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant as the rules see it: its values (one per option, in the options' order). */
export interface VariantValues {
  values: string[];
}

export interface VariantRuleInput extends VariantValues {
  sku?: string | null;
  image?: string | null;
}

/** The messages the variant rules refuse with (each has its Swedish text in the web's catalogue). */
export const VARIANT_MESSAGES = {
  tooManyOptions: `A product has at most ${MAX_OPTIONS} options.`,
  tooManyVariants: `A product has at most ${MAX_VARIANTS} variants.`,
  optionName: 'Each option needs a name.',
  optionNameTwice: 'Two options have the same name.',
  optionValues: 'Each option needs at least one value.',
  optionValueTwice: 'An option lists the same value twice.',
  variantsNeedOptions: 'Variants need at least one option.',
  optionsNeedVariants: 'A product with options needs at least one variant.',
  valueCount: 'A variant needs one value for each option.',
  unknownValue: 'A variant has a value its option does not list.',
  variantTwice: 'Two variants have the same values.',
  skuTwice: 'Two variants have the same SKU.',
  skuTaken: 'This SKU is already used by another of your products.',
  imageNotInGallery: "A variant's image must be one of the product's images.",
  variantRequired: 'Choose a variant (such as a size) of every product that has them.',
  unknownVariant: 'This variant no longer exists. Please choose it again.',
} as const;

/** Values compared as a seller means them: "m" and "M " are the same size. */
export const valueKey = (value: string) => value.trim().toLocaleLowerCase('sv');

/** The key of a variant's combination of values, to find twins and match rows. */
export const combinationKey = (values: readonly string[]) => values.map(valueKey).join('\u0000');

/**
 * Every combination of the options' values, the first option varying slowest (S/Blå, S/Grön,
 * M/Blå …): what the edit screen's builder generates. No options: no combinations.
 */
export function combinations(options: readonly ProductOption[]): string[][] {
  if (options.length === 0) return [];
  let rows: string[][] = [[]];
  for (const option of options) rows = rows.flatMap((row) => option.values.map((value) => [...row, value]));
  return rows;
}

/** "M, Blå": a variant's name, its values in the options' order. */
export function variantName(values: readonly string[]): string {
  return values.join(', ');
}

/** "Linneklänning Midsommar – M, Blå": a cart or order line's name for a variant. */
export function lineName(productName: string, variant: string | null | undefined): string {
  return variant ? `${productName} – ${variant}` : productName;
}

/**
 * The first rule `options` and `variants` break, as its message; null when they hold. `gallery`
 * (the product's images) is checked when given: a variant's image must be one of them.
 */
export function variantProblem(
  options: readonly ProductOption[],
  variants: readonly VariantRuleInput[],
  gallery?: readonly string[],
): string | null {
  if (options.length > MAX_OPTIONS) return VARIANT_MESSAGES.tooManyOptions;
  if (variants.length > MAX_VARIANTS) return VARIANT_MESSAGES.tooManyVariants;
  const names = new Set<string>();
  for (const option of options) {
    if (option.name.trim() === '') return VARIANT_MESSAGES.optionName;
    if (names.has(valueKey(option.name))) return VARIANT_MESSAGES.optionNameTwice;
    names.add(valueKey(option.name));
    if (option.values.length === 0 || option.values.some((value) => value.trim() === '')) {
      return VARIANT_MESSAGES.optionValues;
    }
    if (new Set(option.values.map(valueKey)).size !== option.values.length) return VARIANT_MESSAGES.optionValueTwice;
  }
  if (options.length === 0) return variants.length > 0 ? VARIANT_MESSAGES.variantsNeedOptions : null;
  if (variants.length === 0) return VARIANT_MESSAGES.optionsNeedVariants;
  const seen = new Set<string>();
  const skus = new Set<string>();
  for (const variant of variants) {
    if (variant.values.length !== options.length) return VARIANT_MESSAGES.valueCount;
    const known = variant.values.every((value, i) => options[i]?.values.some((v) => valueKey(v) === valueKey(value)));
    if (!known) return VARIANT_MESSAGES.unknownValue;
    const key = combinationKey(variant.values);
    if (seen.has(key)) return VARIANT_MESSAGES.variantTwice;
    seen.add(key);
    const sku = variant.sku?.trim() ?? '';
    if (sku !== '') {
      if (skus.has(sku.toLowerCase())) return VARIANT_MESSAGES.skuTwice;
      skus.add(sku.toLowerCase());
    }
    if (gallery && variant.image && !gallery.includes(variant.image)) return VARIANT_MESSAGES.imageNotInGallery;
  }
  return null;
}

/** Option names read as sizes or colours, for the search's facets (lower case, no diacritics). */
const SIZE_NAMES = new Set(['storlek', 'size', 'storlekar', 'sizes', 'skostorlek']);
const COLOUR_NAMES = new Set(['farg', 'colour', 'color', 'farger', 'colours', 'colors']);

const plain = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

/** Whether an option is a size ('size') or a colour ('colour') by its name; null for any other. */
export function optionKind(name: string): 'size' | 'colour' | null {
  const key = plain(name);
  if (SIZE_NAMES.has(key)) return 'size';
  if (COLOUR_NAMES.has(key)) return 'colour';
  return null;
}

/** The names optionKind reads as sizes or colours, as the database compares them (lower case). */
export const FACET_OPTION_NAMES = {
  size: ['storlek', 'size', 'storlekar', 'sizes', 'skostorlek'],
  colour: ['färg', 'farg', 'colour', 'color', 'färger', 'farger', 'colours', 'colors'],
} as const;

/** The usual order of clothing sizes, so a facet lists XS before S before M. */
const SIZE_ORDER = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'];

/** Sizes in their usual order (XS, S, M, L, XL; numbers by value), anything else after, by name. */
export function compareSizes(a: string, b: string): number {
  const ia = SIZE_ORDER.indexOf(a.toLowerCase());
  const ib = SIZE_ORDER.indexOf(b.toLowerCase());
  if (ia >= 0 || ib >= 0) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  const na = Number(a.replace(',', '.'));
  const nb = Number(b.replace(',', '.'));
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a.localeCompare(b, 'sv');
}
