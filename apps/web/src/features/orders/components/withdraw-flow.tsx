import type { Order, OrderWithdrawal } from '@torget/shared/api-types.generated';
import { WITHDRAWAL_REASON_MAX } from '@torget/shared/rules/withdrawals';
import { type FormEvent, useId, useState } from 'react';
import { MessageBox } from '#web/components/message-box.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useRequestWithdrawal } from '../api/withdrawals';
import { withdrawableLines } from '../utils/withdrawal-lines';

type Step = 'closed' | 'pick' | 'confirm';

/** 0, 1, … `most`: the quantities a line offers (0 leaves it out). */
const quantitiesUpTo = (most: number) => Array.from({ length: most + 1 }, (_, n) => n);

/**
 * The buyer's withdrawal in two steps (directive 2023/2673): a clearly labelled button opens step
 * one, which picks the lines and quantities and an optional reason; step two shows what is
 * withdrawn and confirms it. The confirmation is shown by the section and mailed by the server.
 */
export function WithdrawFlow({
  order,
  onReceived,
}: {
  order: Order;
  onReceived: (withdrawal: OrderWithdrawal) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const request = useRequestWithdrawal();
  const lines = withdrawableLines(order).filter((line) => line.left > 0);
  const [step, setStep] = useState<Step>('closed');
  // Quantity chosen per product; 0 or absent: not withdrawn.
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const picked = lines.flatMap((line) => {
    const qty = Math.min(chosen[line.product] ?? 0, line.left);
    return qty > 0 ? [{ ...line, qty }] : [];
  });

  function toConfirm(event: FormEvent) {
    event.preventDefault();
    if (picked.length > 0) setStep('confirm');
  }

  function confirm() {
    request.mutate(
      { orderId: order._id, lines: picked.map(({ product, qty }) => ({ product, qty })), reason },
      {
        onSuccess: (answer) => {
          setStep('closed');
          setChosen({});
          setReason('');
          onReceived(answer.withdrawal);
        },
      },
    );
  }

  if (step === 'closed') {
    return (
      <button type="button" className="button withdraw-button" onClick={() => setStep('pick')}>
        {t('Withdraw from purchase')}
      </button>
    );
  }

  if (step === 'pick') {
    return (
      <form className="withdraw-flow" onSubmit={toConfirm} aria-labelledby={`${id}-step1`}>
        <h3 id={`${id}-step1`}>{t('Step 1 of 2: choose what to withdraw from')}</h3>
        <fieldset className="withdraw-pick">
          <legend className="visually-hidden">{t('Items')}</legend>
          {lines.map((line) => {
            const qty = chosen[line.product] ?? 0;
            return (
              <div key={line.product} className="withdraw-pick-row">
                <label className="form-check">
                  <input
                    type="checkbox"
                    checked={qty > 0}
                    onChange={(event) => setChosen({ ...chosen, [line.product]: event.target.checked ? line.left : 0 })}
                  />
                  {line.name}
                </label>
                <label className="withdraw-qty">
                  <span className="visually-hidden">{t('Quantity of {{name}}', { name: line.name })}</span>
                  <select
                    value={qty}
                    onChange={(event) => setChosen({ ...chosen, [line.product]: Number(event.target.value) })}
                  >
                    {quantitiesUpTo(line.left).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                  <span>{t('of {{n}}', { n: line.left })}</span>
                </label>
              </div>
            );
          })}
        </fieldset>
        <div className="form-field">
          <label htmlFor={`${id}-reason`}>{t('Reason (optional)')}</label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={WITHDRAWAL_REASON_MAX}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={() => setStep('closed')}>
            {t('Cancel')}
          </button>
          <button type="submit" className="button" disabled={picked.length === 0}>
            {t('Continue')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="withdraw-flow" aria-labelledby={`${id}-step2`}>
      <h3 id={`${id}-step2`}>{t('Step 2 of 2: confirm your withdrawal')}</h3>
      {request.isError && <MessageBox variant="danger">{t(request.error.message)}</MessageBox>}
      <p>{t('You withdraw from the purchase of:')}</p>
      <ul className="withdrawal-lines">
        {picked.map((line) => (
          <li key={line.product}>
            {line.qty} × {line.name}{' '}
            <span className="withdrawal-line-price">{format.price(line.price * line.qty)}</span>
          </li>
        ))}
      </ul>
      {reason.trim() && (
        <p className="withdrawal-reason">
          {t('Reason')}: {reason.trim()}
        </p>
      )}
      <p className="withdraw-note">
        {t(
          'The seller is told at once and you receive a confirmation by e-mail. Send the goods back to the seller within 14 days.',
        )}
      </p>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={() => setStep('pick')}>
          {t('Back')}
        </button>
        <button type="button" className="button" disabled={request.isPending} onClick={confirm}>
          {request.isPending ? t('Sending...') : t('Confirm withdrawal')}
        </button>
      </div>
    </section>
  );
}
