import type { ProductSummary } from '@torget/shared/api-types';
import { formatSek } from '@torget/shared/rules/money';
import { Link } from 'react-router';

interface ProductTableProps {
  products: ProductSummary[];
  /** Names the table, e.g. the page heading's id. */
  labelledBy: string;
  editHref: (product: ProductSummary) => string;
  onDelete: (product: ProductSummary) => void;
  /** The product being deleted, whose Delete button waits. */
  deletingId?: string;
}

/** Spec section 2, Admin and seller lists: ID, NAME, PRICE, CATEGORY, BRAND, ACTIONS (edit, delete). */
export function ProductTable({ products, labelledBy, editHref, onDelete, deletingId }: ProductTableProps) {
  return (
    // Under 640 px each row shows as a card of "LABEL value" lines (styles/tables.css); wider, a
    // table that scrolls sideways inside its own box if it must, never the page.
    <div className="table-scroll">
      <table className="data-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">NAME</th>
            <th scope="col">PRICE</th>
            <th scope="col">CATEGORY</th>
            <th scope="col">BRAND</th>
            <th scope="col">ACTIONS</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product._id}>
              <td className="cell-id" data-label="ID">
                {product._id}
              </td>
              <td data-label="NAME">
                <Link to={`/product/${product._id}`}>{product.name}</Link>
              </td>
              <td className="cell-number" data-label="PRICE">
                {formatSek(product.price)}
              </td>
              <td data-label="CATEGORY">{product.category}</td>
              <td data-label="BRAND">{product.brand}</td>
              <td className="cell-actions" data-label="ACTIONS">
                <div className="table-actions">
                  <Link to={editHref(product)} className="button button-small">
                    Edit<span className="visually-hidden">{` ${product.name}`}</span>
                  </Link>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => onDelete(product)}
                    disabled={deletingId === product._id}
                  >
                    Delete<span className="visually-hidden">{` ${product.name}`}</span>
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
