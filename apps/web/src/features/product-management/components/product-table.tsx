import type { ProductSummary } from '@torget/shared/api-types.generated';
import { productNumberLabel } from '@torget/shared/rules/catalog';
import type { ManagedProductSort } from '@torget/shared/rules/catalog-query';
import { Link } from 'react-router';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { ProductStatusBadge } from './product-status-badge';

/** A column the list sorts by: its ascending sort (the descending one is `-` before it). */
type SortableColumn = 'name' | 'price' | 'stock';

interface ProductTableProps {
  products: ProductSummary[];
  /** Names the table, e.g. the page heading's id. */
  labelledBy: string;
  editHref: (product: ProductSummary) => string;
  onDelete: (product: ProductSummary) => void;
  /** The product being deleted, whose Delete button waits. */
  deletingId?: string;
  sort: ManagedProductSort;
  onSort: (sort: ManagedProductSort) => void;
  /** Hides a product on sale, or shows a hidden one again (not offered for drafts and removed products). */
  onSetHidden: (product: ProductSummary, hidden: boolean) => void;
  /** The product being hidden or shown, whose button waits. */
  hidingId?: string | undefined;
  /** The admin's list: a SHOP column whose name keeps only that shop's products (this address). */
  shopHref?: ((sellerId: string) => string) | undefined;
}

/** A column heading that sorts the list: ascending first, then descending (aria-sort tells). */
function SortHeading({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortableColumn;
  label: string;
  sort: ManagedProductSort;
  onSort: (sort: ManagedProductSort) => void;
}) {
  const direction = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : 'none';
  const next: ManagedProductSort = direction === 'ascending' ? `-${column}` : column;
  return (
    <th scope="col" aria-sort={direction}>
      <button type="button" className="sort-button" onClick={() => onSort(next)}>
        {label}
        <span aria-hidden="true" className="sort-arrow">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * The seller's and admin's product list (spec section 2): thumbnail, short number,
 * name, price, stock, status (removed, Utkast, hidden, on sale, sold out), category, and edit,
 * hide or show, and delete.
 */
export function ProductTable({
  products,
  labelledBy,
  editHref,
  onDelete,
  deletingId,
  onSetHidden,
  hidingId,
  sort,
  onSort,
  shopHref,
}: ProductTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    // Under 640 px each row shows as a card of "LABEL value" lines (styles/tables.css); wider, a
    // table that scrolls sideways inside its own box if it must, never the page.
    <div className="table-scroll">
      <table className="data-table product-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('IMAGE')}</span>
            </th>
            <th scope="col">{t('NO.')}</th>
            <SortHeading column="name" label={t('NAME')} sort={sort} onSort={onSort} />
            <SortHeading column="price" label={t('PRICE')} sort={sort} onSort={onSort} />
            <SortHeading column="stock" label={t('STOCK')} sort={sort} onSort={onSort} />
            <th scope="col">{t('STATUS')}</th>
            <th scope="col">{t('CATEGORY')}</th>
            {shopHref && <th scope="col">{t('SHOP')}</th>}
            <th scope="col">{t('ACTIONS')}</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product._id}>
              <td className="cell-thumb">
                {product.image ? (
                  <img className="product-thumb" src={product.image} alt="" width={48} height={48} loading="lazy" />
                ) : (
                  <span className="product-thumb product-thumb-empty" aria-hidden="true" />
                )}
              </td>
              <td className="cell-product-number" data-label={t('NO.')}>
                {productNumberLabel(product.number)}
              </td>
              <td data-label={t('NAME')}>
                <Link to={`/product/${product._id}`}>{product.name}</Link>
              </td>
              <td className="cell-number" data-label={t('PRICE')}>
                {format.price(product.price)}
              </td>
              <td className="cell-number" data-label={t('STOCK')}>
                {product.countInStock}
              </td>
              <td data-label={t('STATUS')}>
                <ProductStatusBadge product={product} />
              </td>
              <td data-label={t('CATEGORY')}>{product.category}</td>
              {shopHref && (
                <td data-label={t('SHOP')}>
                  <Link to={shopHref(product.seller._id)} title={t('Only this shop')}>
                    {product.seller.seller.name || product.seller.name}
                  </Link>
                </td>
              )}
              <td className="cell-actions" data-label={t('ACTIONS')}>
                <div className="table-actions">
                  <Link to={editHref(product)} className="button button-small">
                    {t('Edit')}
                    <span className="visually-hidden">{` ${product.name}`}</span>
                  </Link>
                  {!product.isDraft && !product.removed && (
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      onClick={() => onSetHidden(product, !product.hidden)}
                      disabled={hidingId === product._id}
                    >
                      {product.hidden ? t('Show') : t('Hide')}
                      <span className="visually-hidden">{` ${product.name}`}</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => onDelete(product)}
                    disabled={deletingId === product._id}
                  >
                    {t('Delete')}
                    <span className="visually-hidden">{` ${product.name}`}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
