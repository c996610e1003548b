import { type ProductStatus, productStatus } from '@torget/shared/rules/catalog';

/** The words of each status: a draft is "Utkast", as sellers asked for (issue 16). */
export const STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Utkast',
  'on-sale': 'On sale',
  'sold-out': 'Sold out',
};

/** Draft (Utkast), on sale or sold out, as a coloured label. */
export function ProductStatusBadge({ product }: { product: { isDraft: boolean; countInStock: number } }) {
  const status = productStatus(product);
  return <span className={`product-status product-status-${status}`}>{STATUS_LABELS[status]}</span>;
}
