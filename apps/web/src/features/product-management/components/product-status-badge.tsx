import { type ProductStatus, productStatus } from '@torget/shared/rules/catalog';
import { useTranslation } from '#web/lib/use-translation.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** The words of each status: a draft is "Utkast", as sellers asked for, in both languages. */
export const statusLabels = (t: Translate): Record<ProductStatus, string> => ({
  removed: t('Removed'),
  draft: 'Utkast',
  hidden: t('Hidden'),
  'on-sale': t('On sale'),
  'sold-out': t('Sold out'),
});

/** Removed (by moderation), draft (Utkast), hidden, on sale or sold out, as a coloured label. */
export function ProductStatusBadge({
  product,
}: {
  product: { isDraft: boolean; countInStock: number; hidden?: boolean; removed?: boolean };
}) {
  const { t } = useTranslation();
  const status = productStatus(product);
  return <span className={`product-status product-status-${status}`}>{statusLabels(t)[status]}</span>;
}
