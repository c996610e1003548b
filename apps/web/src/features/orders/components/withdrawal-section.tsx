import type { Order, OrderWithdrawal } from '@torget/shared/api-types.generated';
import { isBuyerOf, managesAsSeller, orderFactsOf } from '@torget/shared/policies/orders';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../withdrawals.css';
import { lastWithdrawalDay, withdrawalOpen } from '../utils/withdrawal-lines';
import { WithdrawFlow } from './withdraw-flow';
import { WithdrawalDecisionForm } from './withdrawal-decision-form';

/** The state of a withdrawal as a phrase with its date (the catalogue's key). */
export function withdrawalStatePhrase(withdrawal: OrderWithdrawal): { phrase: string; at: string | null } {
  if (withdrawal.state === 'accepted') return { phrase: 'Withdrawal accepted on {{date}}', at: withdrawal.decidedAt };
  if (withdrawal.state === 'rejected') return { phrase: 'Withdrawal rejected on {{date}}', at: withdrawal.decidedAt };
  return { phrase: 'Withdrawal requested on {{date}}', at: withdrawal.requestedAt };
}

/** One withdrawal on the order: its state, lines, reason and decision; the seller's form while it is open. */
function WithdrawalCard({
  order,
  withdrawal,
  decides,
}: {
  order: Order;
  withdrawal: OrderWithdrawal;
  decides: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = withdrawalStatePhrase(withdrawal);
  return (
    <article className={`withdrawal-card withdrawal-${withdrawal.state}`}>
      <h3>{t(state.phrase, { date: format.date(state.at) })}</h3>
      <ul className="withdrawal-lines">
        {withdrawal.lines.map((line) => (
          <li key={`${line.product ?? ''}${line.name}`}>
            {line.qty} × {line.name}{' '}
            <span className="withdrawal-line-price">{format.price(line.price * line.qty)}</span>
          </li>
        ))}
      </ul>
      {withdrawal.reason && (
        <p className="withdrawal-reason">
          {t('Reason')}: {withdrawal.reason}
        </p>
      )}
      {withdrawal.state === 'accepted' && (
        <dl className="form-summary">
          <dt>{t('Refund')}</dt>
          <dd>{format.price(withdrawal.refundAmount ?? 0)}</dd>
          <dt>{t('Goods')}</dt>
          <dd>
            {withdrawal.goodsReturned ? t('Returned') : t('Kept by the buyer (no return)')}
            {withdrawal.restocked ? `, ${t('back in stock')}` : ''}
          </dd>
        </dl>
      )}
      {decides && withdrawal.state === 'requested' && (
        <WithdrawalDecisionForm orderId={order._id} withdrawal={withdrawal} />
      )}
    </article>
  );
}

/**
 * The order page's withdrawal card: the buyer's "Withdraw from purchase" while the period runs
 * (two steps, then the confirmation) and the printable standard form; every withdrawal of the
 * order with its state; the seller's (or an admin's) decision on an open one.
 */
export function WithdrawalSection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const { actor } = useSession();
  const facts = orderFactsOf(order);
  const buyer = isBuyerOf(actor, facts);
  const decides = managesAsSeller(actor, facts);
  const withdrawals = order.withdrawals ?? [];
  // The confirmation stays after the order is read again, whether or not anything is left to withdraw.
  const [received, setReceived] = useState<OrderWithdrawal | null>(null);
  if (order.isCancelled || (!buyer && withdrawals.length === 0)) return null;
  const open = buyer && withdrawalOpen(order, new Date());
  const lastDay = lastWithdrawalDay(order);

  return (
    <section className="card order-card withdrawal-section" aria-labelledby={`${id}-heading`}>
      <h2 className="order-card-title" id={`${id}-heading`}>
        {t('Withdrawal and returns')}
      </h2>
      {received && (
        <MessageBox variant="success">
          {t('Your withdrawal was received on {{date}}. A confirmation has been sent to your e-mail.', {
            date: format.dateTime(received.requestedAt),
          })}
        </MessageBox>
      )}
      {withdrawals.map((withdrawal) => (
        <WithdrawalCard key={withdrawal._id} order={order} withdrawal={withdrawal} decides={decides} />
      ))}
      {buyer && order.sellerIsPrivate && (
        <p className="withdrawal-period">
          {t('This seller is a private person: the consumer right of withdrawal does not apply to this sale.')}
        </p>
      )}
      {buyer && !order.sellerIsPrivate && (
        <p className="withdrawal-period">
          {lastDay
            ? t('You may withdraw from this purchase until {{date}} (14 days after delivery).', {
                date: format.date(`${lastDay}T12:00:00Z`),
              })
            : t('You may withdraw from this purchase until 14 days after delivery.')}
        </p>
      )}
      {open && <WithdrawFlow order={order} onReceived={setReceived} />}
      {buyer && !order.sellerIsPrivate && (
        <p>
          <Link to={`/order/${order._id}/withdrawal_form`}>{t('Standard withdrawal form (printable)')}</Link>
        </p>
      )}
    </section>
  );
}
