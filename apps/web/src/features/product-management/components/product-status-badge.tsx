import { type ProductStatus, productStatus } from '@torget/shared/rules/catalog';
import { useTranslation } from '#web/lib/use-translation.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** The words of each status: a draft is "Utkast", as sellers asked for, in both languages. */
export const statusLabels = (t: Translate): Record<ProductStatus, string> => ({
  draft: 'Utkast',
  'on-sale': t('On sale'),
  'sold-out': t('Sold out'),
});

/** Draft (Utkast), on sale or sold out, as a coloured label. */
export function ProductStatusBadge({ product }: { product: { isDraft: boolean; countInStock: number } }) {
  const { t } = useTranslation();
  const status = productStatus(product);
  return <span className={`product-status product-status-${status}`}>{statusLabels(t)[status]}</span>;
}
