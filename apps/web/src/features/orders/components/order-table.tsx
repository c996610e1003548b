import type { Order } from '@torget/shared/api-types';
import { displayDate, displayDateTime } from '@torget/shared/rules/dates';
import { formatSek } from '@torget/shared/rules/money';
import { Link } from 'react-router';
import '../orders.css';

interface OrderTableProps {
  orders: readonly Order[];
  /** Names the table's scroll box. */
  label: string;
  /**
   * The admin and seller lists of incoming orders: a USER column (buyer's name, as ordered), and
   * the order's date with its time ('YYYY-MM-DD HH:MM:SS', spec section 9), since a shop gets
   * several orders a day.
   */
  showBuyer?: boolean;
  /** The SHOP column: the order history and the admin's list of all shops' orders. */
  showShop?: boolean;
  /** CITY (shipping city) and ITEMS (units ordered): the seller's incoming orders (issue 16). */
  showShipping?: boolean;
  /** Rows offering Delete (Swish orders not paid or delivered); none when absent. */
  canDelete?: (order: Order) => boolean;
  onDelete?: (order: Order) => void;
  /** The order being deleted, whose Delete button waits. */
  deletingId?: string;
}

const buyerName = (order: Order) => (typeof order.user === 'string' ? '' : order.user.name);
/** Units ordered, over all lines. */
const itemCount = (order: Order) => order.orderItems.reduce((sum, item) => sum + item.qty, 0);

/**
 * The order tables of /orderhistory, /orderlist and /orderlist/seller (spec section 2): ID,
 * DATE, SHOP, TOTAL, PAID, DELIVERED and a Details button; dates as 'YYYY-MM-DD', '-' when absent.
 * The ID cell leads with the order number (`T-100001`, issue 19); no column is added, so every
 * column keeps its place.
 */
export function OrderTable({
  orders,
  label,
  showBuyer,
  showShop,
  showShipping,
  canDelete,
  onDelete,
  deletingId,
}: OrderTableProps) {
  return (
    // Under 640 px each row shows as a card of "LABEL value" lines (styles/tables.css); wider, a
    // table that scrolls sideways inside its own box if it must, never the page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      <table className="data-table order-table">
        <thead>
          <tr>
            <th scope="col">ID</th>
            {showBuyer && <th scope="col">USER</th>}
            <th scope="col">DATE</th>
            {showShop && <th scope="col">SHOP</th>}
            {showShipping && <th scope="col">CITY</th>}
            {showShipping && <th scope="col">ITEMS</th>}
            <th scope="col">TOTAL</th>
            <th scope="col">PAID</th>
            <th scope="col">DELIVERED</th>
            <th scope="col">ACTIONS</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td className="order-id-cell" data-label="ID">
                {/* The number people quote first; the id the URL carries under it. One box, so a
                    phone's card puts both beside the ID heading. */}
                <div>
                  <span className="order-number-value">{order.orderNumber}</span>
                  <span className="order-uuid">{order._id}</span>
                </div>
              </td>
              {showBuyer && <td data-label="USER">{buyerName(order)}</td>}
              <td className="cell-date" data-label="DATE">
                {showBuyer ? displayDateTime(order.createdAt) : displayDate(order.createdAt)}
              </td>
              {showShop && <td data-label="SHOP">{order.seller.seller.name}</td>}
              {showShipping && <td data-label="CITY">{order.shippingAddress.city}</td>}
              {showShipping && (
                <td className="cell-number" data-label="ITEMS">
                  {itemCount(order)}
                </td>
              )}
              <td className="cell-number" data-label="TOTAL">
                {formatSek(order.totalPrice)}
              </td>
              <td className="cell-date" data-label="PAID">
                {order.isPaid ? displayDate(order.paidAt) : order.isCancelled ? 'Cancelled' : '-'}
              </td>
              <td className="cell-date" data-label="DELIVERED">
                {order.isDelivered ? displayDate(order.deliveredAt) : '-'}
              </td>
              <td className="cell-actions" data-label="ACTIONS">
                <div className="table-actions">
                  <Link to={`/order/${order._id}`} className="button button-small button-secondary">
                    Details<span className="visually-hidden">{` of order ${order.orderNumber} ${order._id}`}</span>
                  </Link>
                  {onDelete && canDelete?.(order) && (
                    <button
                      type="button"
                      className="button button-small button-danger"
                      disabled={deletingId === order._id}
                      onClick={() => onDelete(order)}
                    >
                      Delete<span className="visually-hidden">{` order ${order._id}`}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
