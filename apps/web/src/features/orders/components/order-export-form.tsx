/**
 * Orders as CSV for a date range (GET /api/orders/export.csv): a seller's own orders, an admin's
 * every shop's; the server decides which from the signed-in user. The days are Stockholm's,
 * from the first of this month to today unless chosen.
 */
import { addDays, swedishDay } from '@torget/shared/rules/sales-overview';
import { type FormEvent, useId, useState } from 'react';
import { MessageBox } from '#web/components/message-box.tsx';
import { downloadFile } from '#web/lib/download-file.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../order-export.css';

export function OrderExportForm() {
  const { t } = useTranslation();
  const id = useId();
  const today = swedishDay(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    if (to < from) {
      setError(t('to must not be before from.'));
      return;
    }
    setBusy(true);
    const query = new URLSearchParams({ from, to });
    downloadFile(`/api/orders/export.csv?${query}`, `torget-orders-${from}-${to}.csv`)
      .catch((failure: Error) => setError(failure.message))
      .finally(() => setBusy(false));
  }

  return (
    <form className="order-export-form" onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('CSV export')}</h2>
      <div className="order-export-fields">
        <label>
          <span>{t('From')}</span>
          <input type="date" required value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          <span>{t('To')}</span>
          <input
            type="date"
            required
            value={to}
            min={from}
            max={addDays(today, 1)}
            onChange={(event) => setTo(event.target.value)}
          />
        </label>
        <button type="submit" className="button button-secondary" disabled={busy}>
          {t('Export CSV')}
        </button>
      </div>
      {error && <MessageBox variant="danger">{t(error)}</MessageBox>}
    </form>
  );
}
