import type { OrderWithdrawal } from '@torget/shared/api-types.generated';
import { type FormEvent, useId, useState } from 'react';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useDecideWithdrawal } from '../api/withdrawals';

/**
 * The seller's (or an admin's) decision on an open withdrawal: accept with the refund (prefilled
 * with the lines' price, and the shipping for a whole withdrawal), the goods returned or kept by
 * the buyer, and whether they go back in stock; or reject, after asking.
 */
export function WithdrawalDecisionForm({ orderId, withdrawal }: { orderId: string; withdrawal: OrderWithdrawal }) {
  const { t } = useTranslation();
  const id = useId();
  const ask = useConfirm();
  const decide = useDecideWithdrawal();
  const [amount, setAmount] = useState(withdrawal.suggestedRefundAmount.toFixed(2));
  const [returned, setReturned] = useState(true);
  const [restock, setRestock] = useState(true);
  const refund = Number(amount.replace(',', '.'));
  const amountValid = amount.trim() !== '' && Number.isFinite(refund) && refund >= 0;

  function onAccept(event: FormEvent) {
    event.preventDefault();
    if (!amountValid) return;
    decide.mutate({
      orderId,
      withdrawalId: withdrawal._id,
      accepted: true,
      refund_amount: Math.round(refund * 100) / 100,
      returned,
      restock: returned && restock,
    });
  }

  async function onReject() {
    const question = 'Reject this withdrawal? The buyer is told by e-mail.';
    if (!(await ask({ message: question, confirmLabel: 'Reject', destructive: true }))) return;
    decide.mutate({ orderId, withdrawalId: withdrawal._id, accepted: false });
  }

  return (
    <form className="order-update-form withdrawal-decision" onSubmit={onAccept} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('Decide on the withdrawal')}</h3>
      {decide.isError && <MessageBox variant="danger">{t(decide.error.message)}</MessageBox>}
      <div className="form-field">
        <label htmlFor={`${id}-amount`}>{t('Refund amount (SEK)')}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={amountValid ? undefined : true}
        />
        <p className="form-hint">
          {t('Offered: the items’ price, and the shipping when everything is withdrawn. 0 refunds nothing.')}
        </p>
      </div>
      <fieldset className="withdrawal-returned">
        <legend>{t('The goods')}</legend>
        <label className="form-check">
          <input type="radio" name={`${id}-returned`} checked={returned} onChange={() => setReturned(true)} />
          {t('Returned to me')}
        </label>
        <label className="form-check">
          <input type="radio" name={`${id}-returned`} checked={!returned} onChange={() => setReturned(false)} />
          {t('Without return (not worth sending back)')}
        </label>
      </fieldset>
      <label className="form-check">
        <input
          type="checkbox"
          checked={returned && restock}
          disabled={!returned}
          onChange={(event) => setRestock(event.target.checked)}
        />
        {t('Put the items back in stock')}
      </label>
      <div className="button-row">
        <button
          type="button"
          className="button button-danger"
          disabled={decide.isPending}
          onClick={() => void onReject()}
        >
          {t('Reject')}
        </button>
        <button type="submit" className="button" disabled={decide.isPending || !amountValid}>
          {decide.isPending ? t('Saving...') : t('Accept and refund')}
        </button>
      </div>
    </form>
  );
}
