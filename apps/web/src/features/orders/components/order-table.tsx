import type { Order } from '@torget/shared/api-types.generated';
import { Link } from 'react-router';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../orders.css';
import { RefundListNote } from './order-refunds';
import { WithdrawalNote } from './withdrawal-note';

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
  /** CITY (shipping city) and ITEMS (units ordered): the seller's incoming orders. */
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
 * The ID cell leads with the order number (`T-100001`) and says how many messages are unread;
 * DELIVERED says when a shipped order was sent. No column is added, so every column keeps its place.
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
  const { t } = useTranslation();
  const format = useFormat();
  return (
    // Under 640 px each row shows as a card of "LABEL value" lines (styles/tables.css); wider, a
    // table that scrolls sideways inside its own box if it must, never the page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      <table className="data-table order-table">
        <thead>
          <tr>
            <th scope="col">{t('ID')}</th>
            {showBuyer && <th scope="col">{t('USER')}</th>}
            <th scope="col">{t('DATE')}</th>
            {showShop && <th scope="col">{t('SHOP')}</th>}
            {showShipping && <th scope="col">{t('CITY')}</th>}
            {showShipping && <th scope="col">{t('ITEMS')}</th>}
            <th scope="col">{t('TOTAL')}</th>
            <th scope="col">{t('PAID')}</th>
            <th scope="col">{t('DELIVERED')}</th>
            <th scope="col">{t('ACTIONS')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td className="order-id-cell" data-label={t('ID')}>
                {/* The number people quote first; the id the URL carries under it. One box, so a
                    phone's card puts both beside the ID heading. */}
                <div>
                  <span className="order-number-value">{order.orderNumber}</span>
                  <span className="order-uuid">{order._id}</span>
                  {order.unreadMessages ? (
                    <span className="unread-badge">{t('{{count}} new messages', { count: order.unreadMessages })}</span>
                  ) : null}
                  <WithdrawalNote order={order} />
                </div>
              </td>
              {showBuyer && <td data-label={t('USER')}>{buyerName(order)}</td>}
              <td className="cell-date" data-label={t('DATE')}>
                {showBuyer ? format.dateTime(order.createdAt) : format.date(order.createdAt)}
              </td>
              {showShop && <td data-label={t('SHOP')}>{order.seller.seller.name}</td>}
              {showShipping && <td data-label={t('CITY')}>{order.shippingAddress.city}</td>}
              {showShipping && (
                <td className="cell-number" data-label={t('ITEMS')}>
                  {itemCount(order)}
                </td>
              )}
              <td className="cell-number" data-label={t('TOTAL')}>
                {format.price(order.totalPrice)}
              </td>
              <td className="cell-date" data-label={t('PAID')}>
                {order.isPaid ? format.date(order.paidAt) : order.isCancelled ? t('Cancelled') : '-'}
                <RefundListNote order={order} />
              </td>
              <td className="cell-date" data-label={t('DELIVERED')}>
                {order.isDelivered ? (
                  format.date(order.deliveredAt)
                ) : order.shipment ? (
                  // Two short lines, so the column keeps the width of a date.
                  <span className="order-shipped-note">
                    <span>{t('Shipped')}</span> {format.date(order.shipment.shippedAt)}
                  </span>
                ) : (
                  '-'
                )}
              </td>
              <td className="cell-actions" data-label={t('ACTIONS')}>
                <div className="table-actions">
                  <Link to={`/order/${order._id}`} className="button button-small button-secondary">
                    {t('Details')}
                    <span className="visually-hidden">
                      {t(' of order {{number}} {{id}}', { number: order.orderNumber, id: order._id })}
                    </span>
                  </Link>
                  {onDelete && canDelete?.(order) && (
                    <button
                      type="button"
                      className="button button-small button-danger"
                      disabled={deletingId === order._id}
                      onClick={() => onDelete(order)}
                    >
                      {t('Delete')}
                      <span className="visually-hidden">{t(' order {{id}}', { id: order.orderNumber })}</span>
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
