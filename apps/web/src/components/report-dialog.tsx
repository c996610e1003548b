import { REPORT_CATEGORIES, REPORT_TEXT_MAX, REPORT_TEXT_MIN, type ReportCategory } from '@torget/shared/rules/reports';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/use-translation.ts';
import './report-dialog.css';

/** The categories' names on the form, in REPORT_CATEGORIES' order. */
export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  illegal_product: 'Illegal product',
  counterfeit: 'Counterfeit',
  scam: 'Scam',
  dangerous_product: 'Dangerous product',
  offensive_content: 'Offensive content',
  other: 'Other',
};

export interface ReportDraft {
  category: ReportCategory;
  text: string;
  email?: string;
}

interface ReportButtonProps {
  /** What is reported: a product or a shop (the dialog's heading says which). */
  kind: 'product' | 'shop';
  /** The product's or the shop's name, read after the button's text by screen readers. */
  name: string;
  signedIn: boolean;
  /** Sends the report; rejects with the server's message, which the form shows. */
  send: (report: ReportDraft) => Promise<unknown>;
}

/**
 * "Report" ("Anmäl", DSA art. 16): a button that opens the page's own modal dialog (native
 * `<dialog>`: focus is trapped, Escape closes it, focus returns to the button) with the reason's
 * category, a description, an e-mail when signed out, and a thank-you once sent.
 */
export function ReportButton({ kind, name, signedIn, send }: ReportButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small report-button"
        onClick={() => setOpen(true)}
      >
        {t('Report')}
        <span className="visually-hidden">{` ${name}`}</span>
      </button>
      {open && <ReportDialog kind={kind} signedIn={signedIn} send={send} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportDialog({ kind, signedIn, send, onClose }: Omit<ReportButtonProps, 'name'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = {
    heading: useId(),
    category: useId(),
    text: useId(),
    textHint: useId(),
    email: useId(),
    emailHint: useId(),
    error: useId(),
  };
  const [category, setCategory] = useState<ReportCategory | ''>('');
  const [text, setText] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (category === '') return setError('Choose what is wrong.');
    if (text.trim().length < REPORT_TEXT_MIN) {
      return setError(`Describe what is wrong in at least ${REPORT_TEXT_MIN} characters.`);
    }
    if (!signedIn && email.trim() === '')
      return setError('Enter your e-mail address so that we can tell you the outcome.');
    setError(null);
    setSending(true);
    try {
      await send({ category, text: text.trim(), ...(signedIn ? {} : { email: email.trim() }) });
      setSent(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="report-dialog"
      aria-labelledby={ids.heading}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={ids.heading} className="report-dialog-heading">
        {kind === 'product' ? t('Report this product') : t('Report this shop')}
      </h2>
      {sent ? (
        <div className="report-dialog-thanks" role="status">
          <p>{t('Thank you for your report.')}</p>
          <p>
            {t(
              'An administrator reviews it and decides whether the content breaks the law or our terms. We e-mail you the outcome.',
            )}
          </p>
          <div className="report-dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('Close')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <p className="form-hint">
            {t('Tell us what is wrong. Reports are read by an administrator; the seller is not told who reported.')}
          </p>
          <div className="form-field">
            <label htmlFor={ids.category}>{t('What is wrong?')}</label>
            <select
              id={ids.category}
              className="report-dialog-select"
              value={category}
              required
              onChange={(event) => setCategory(event.target.value as ReportCategory | '')}
            >
              <option value="">{t('Choose…')}</option>
              {REPORT_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(REPORT_CATEGORY_LABELS[value])}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={ids.text}>{t('Description')}</label>
            <textarea
              id={ids.text}
              rows={4}
              required
              maxLength={REPORT_TEXT_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-describedby={ids.textHint}
            />
            <p id={ids.textHint} className="form-hint">
              {t('What is wrong, and how you know. At least {{min}} characters.', { min: REPORT_TEXT_MIN })}
            </p>
          </div>
          {!signedIn && (
            <div className="form-field">
              <label htmlFor={ids.email}>{t('Your e-mail')}</label>
              <input
                id={ids.email}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-describedby={ids.emailHint}
              />
              <p id={ids.emailHint} className="form-hint">
                {t('We e-mail you the outcome, and nothing else.')}
              </p>
            </div>
          )}
          {error && (
            <p id={ids.error} className="form-error" role="alert">
              {t(error)}
            </p>
          )}
          <div className="report-dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              {t('Cancel')}
            </button>
            <button type="submit" className="button button-danger" disabled={sending}>
              {t('Send report')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
