/**
 * The DAC7 report's download on the payouts page (docs/decisions/261-dac7-report.md): a year, from
 * 2023 to this year in Sweden, and a button that saves that year's CSV.
 */
import { dac7Years } from '@torget/shared/rules/dac7';
import { DISPLAY_TIME_ZONE } from '@torget/shared/rules/dates';
import { useId, useState } from 'react';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { downloadDac7Report } from '../api/dac7';

/** The current year in Sweden (the rule's own time zone; Intl, so no rule chunk is shared for it). */
const thisSwedishYear = () =>
  Number(new Intl.DateTimeFormat('en', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric' }).format(new Date()));

export function Dac7Download() {
  const { t } = useTranslation();
  const id = useId();
  const years = dac7Years(thisSwedishYear());
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
    // The payout batches' look, in the admin stylesheet the page has already.
    <section className="payout-batch dac7-download" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('DAC7 report')}</h2>
      <p className="form-hint">
        {t(
          'Each seller with 30 sales or more, or 20 000 kr or more, in the year: identity, payout account, and per quarter the sales, the amount paid and the fees withheld. For Skatteverket.',
        )}
      </p>
      <div className="cell-actions">
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
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void onDownload()}>
          {t('Download DAC7 (CSV)')}
        </button>
      </div>
      {error && <MessageBox variant="danger">{t(error)}</MessageBox>}
    </section>
  );
}
