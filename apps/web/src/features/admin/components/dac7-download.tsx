/**
 * The DAC7 report's download on the payouts page (docs/decisions/261-dac7-report.md): a year, from
 * 2023 to this year in Sweden, and a button that saves that year's CSV.
 */
import { dac7Years } from '@torget/shared/rules/dac7';
import { swedishDay } from '@torget/shared/rules/sales-overview';
import { useId, useState } from 'react';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { downloadDac7Report } from '../api/dac7';
import './dac7-download.css';

export function Dac7Download() {
  const { t } = useTranslation();
  const id = useId();
  const years = dac7Years(Number(swedishDay(new Date()).slice(0, 4)));
  // Reports are filed for a finished year: last year first, when there is one.
  const [year, setYear] = useState(years[1] ?? years[0] ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onDownload() {
    setBusy(true);
    setError(null);
    try {
      await downloadDac7Report(year);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Unknown error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card dac7-download" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('DAC7 report')}</h2>
      <p className="form-hint">
        {t(
          'Each seller with 30 sales or more, or 20 000 kr or more, in the year: identity, payout account, and per quarter the sales, the amount paid and the fees withheld. For Skatteverket.',
        )}
      </p>
      <div className="dac7-download-row">
        <div className="form-field">
          <label htmlFor={`${id}-year`}>{t('Year')}</label>
          <select
            id={`${id}-year`}
            className="select-input"
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void onDownload()}>
          {t('Download DAC7 (CSV)')}
        </button>
      </div>
      {error && <MessageBox variant="danger">{t(error)}</MessageBox>}
    </section>
  );
}
