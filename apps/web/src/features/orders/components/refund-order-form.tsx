/**
 * The seller's (or an admin's) refund of a paid order: an amount, optionally the items it is for
 * (which fill in the amount), a note, and for a Swish order the day it was refunded from the Swish
 * app. The refund is confirmed in a dialog before it is sent: it cannot be undone.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { displayDate } from '@torget/shared/rules/dates';
import { lineTotalSek, oreToSek, sekToOre } from '@torget/shared/rules/money';
import { REFUND_NOTE_MAX, refundableOre } from '@torget/shared/rules/refunds';
import { type FormEvent, useId, useState } from 'react';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { FieldError } from '#web/components/field-error.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useRefundOrder } from '../api/refund-order';
import './refunds.css';

/** Today in Stockholm, as a date input takes it. */
const today = (): string => displayDate(new Date().toISOString());

/** A typed amount ('149', '149,50', '149.5') as SEK, or null when it is not one. */
function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Each line's units not refunded yet, by product. */
function unitsLeft(order: Order): Map<string, number> {
  const left = new Map<string, number>();
  for (const item of order.orderItems) if (item.product) left.set(item.product, item.qty);
  for (const refund of order.refunds ?? []) {
    for (const line of refund.lines) {
      if (line.product) left.set(line.product, (left.get(line.product) ?? 0) - line.qty);
    }
  }
  return left;
}

export function RefundOrderForm({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const id = useId();
  // An amount filled in is written as the language writes decimals: 149,50 in Svenska.
  const decimals = (sek: number) => (i18n.language === 'sv' ? sek.toFixed(2).replace('.', ',') : sek.toFixed(2));
  const confirm = useConfirm();
  const refundOrder = useRefundOrder();
  const leftSek = oreToSek(refundableOre(sekToOre(order.totalPrice), sekToOre(order.refundedPrice ?? 0)));
  const left = unitsLeft(order);
  const [amount, setAmount] = useState('');
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [note, setNote] = useState('');
  const [refundedAt, setRefundedAt] = useState(today());
  const [problem, setProblem] = useState<string | null>(null);
  const swish = order.paymentMethod === 'Swish';

  /** Choosing items fills in their price; the seller may change the amount afterwards. */
  function choose(next: Record<string, number>) {
    setChosen(next);
    const goods = order.orderItems.reduce(
      (sum, item) => sum + (item.product && next[item.product] ? lineTotalSek(next[item.product] ?? 0, item.price) : 0),
      0,
    );
    if (goods > 0) setAmount(decimals(Math.min(goods, leftSek)));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const sek = parseAmount(amount);
    if (sek === null || sek <= 0) return setProblem(t('Enter the amount to refund, in kronor.'));
    if (sek > leftSek) return setProblem(t('At most {{amount}} can be refunded.', { amount: format.price(leftSek) }));
    const question = t('Refund {{amount}} to the buyer? This cannot be undone.', { amount: format.price(sek) });
    if (!(await confirm({ message: question, confirmLabel: t('Yes, refund'), cancelLabel: t('Cancel') }))) return;
    const lines = Object.entries(chosen)
      .filter(([, qty]) => qty > 0)
      .map(([product, qty]) => ({ product, qty }));
    refundOrder.mutate(
      {
        id: order._id,
        refund: {
          amount: sek,
          ...(lines.length > 0 ? { lines } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(swish ? { refunded_at: refundedAt } : {}),
        },
      },
      {
        onSuccess: () => {
          setAmount('');
          setChosen({});
          setNote('');
        },
      },
    );
  }

  const lines = order.orderItems.filter((item) => item.product && (left.get(item.product) ?? 0) > 0);

  return (
    <form
      className="order-update-form refund-order-form"
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      noValidate
    >
      <h3 id={`${id}-heading`}>{t('Refund')}</h3>
      {refundOrder.isError && <MessageBox variant="danger">{t(refundOrder.error.message)}</MessageBox>}
      {refundOrder.isSuccess && <MessageBox variant="success">{t('Order was refunded.')}</MessageBox>}
      <p className="form-hint">
        {swish
          ? t('Refund the buyer from your Swish app first, then record the refund here.')
          : t('The amount goes back to the buyer’s PayPal account.')}{' '}
        {t('At most {{amount}} can be refunded.', { amount: format.price(leftSek) })}
      </p>
      {lines.length > 0 && (
        <fieldset className="refund-lines">
          <legend>{t('Items (optional)')}</legend>
          {lines.map((item) => {
            const product = item.product ?? '';
            const max = left.get(product) ?? 0;
            const qty = chosen[product] ?? 0;
            return (
              <div key={product} className="refund-line">
                <label className="form-check">
                  <input
                    type="checkbox"
                    checked={qty > 0}
                    onChange={(event) => choose({ ...chosen, [product]: event.target.checked ? max : 0 })}
                  />
                  {item.name}
                </label>
                {qty > 0 && max > 1 && (
                  <select
                    aria-label={t('Quantity of {{name}}', { name: item.name })}
                    value={qty}
                    onChange={(event) => choose({ ...chosen, [product]: Number(event.target.value) })}
                  >
                    {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <div className="form-field">
        <label htmlFor={`${id}-amount`}>{t('Amount (SEK)')}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <FieldError id={`${id}-problem`} message={problem ?? undefined} />
      </div>
      {swish && (
        <div className="form-field">
          <label htmlFor={`${id}-date`}>{t('Date refunded in Swish')}</label>
          <input
            id={`${id}-date`}
            type="date"
            max={today()}
            value={refundedAt}
            onChange={(event) => setRefundedAt(event.target.value)}
          />
        </div>
      )}
      <div className="form-field">
        <label htmlFor={`${id}-note`}>{t('Note to the buyer (optional)')}</label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={REFUND_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <button type="submit" className="button button-block" disabled={refundOrder.isPending}>
        {refundOrder.isPending ? t('Refunding...') : t('Refund buyer')}
      </button>
    </form>
  );
}
