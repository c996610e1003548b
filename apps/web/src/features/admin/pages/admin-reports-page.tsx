import type { ModerationReport } from '@torget/shared/api-types.generated';
import {
  REPORT_REASON_MAX,
  REPORT_REASON_REQUIRED,
  REPORT_STATUSES,
  type ReportDecision,
  type ReportStatus,
} from '@torget/shared/rules/reports';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { REPORT_CATEGORY_LABELS } from '#web/components/report-dialog.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useDecideReport, useModerationReports } from '../api/reports';
import '#web/components/filter-pills.css';
import '../admin.css';
import '../reports.css';

const REMOVE_QUESTION =
  'Remove this listing? Nobody but its seller sees it any more; the seller is mailed your statement of reasons and cannot undo it.';
const KEEP_QUESTION = 'Keep this listing? The reporter is mailed that it stays.';

const STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open reports', decided: 'Decided' };

/**
 * /admin_reports (admin): the moderation queue of reports of products and shops (DSA art. 16),
 * oldest first, each with a link to what was reported; keep it or remove the listing, with a
 * required statement of reasons the seller is mailed (art. 17). "Decided" is the history: who
 * decided what, when and why.
 */
export function AdminReportsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Reports'));
  const [params] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'decided' ? 'decided' : 'open';
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const reports = useModerationReports(status, page);
  const decide = useDecideReport();
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className="page" aria-labelledby="reports-heading">
      <h1 id="reports-heading">{t('Reports')}</h1>
      <p className="form-hint">
        {t(
          'Reports of products and shops, oldest first. Removing takes the listing out of every public page at once; the seller is mailed your reason and the reporter the outcome.',
        )}
      </p>
      <nav className="filter-pills" aria-label={t('Show reports')}>
        {REPORT_STATUSES.map((value) => (
          <Link
            key={value}
            to={value === 'open' ? '/admin_reports' : '/admin_reports?status=decided'}
            className="filter-pill"
            aria-current={value === status ? 'page' : undefined}
          >
            {t(STATUS_LABELS[value])}
          </Link>
        ))}
      </nav>
      {done && (
        <MessageBox variant="success">
          <span role="status">{done}</span>
        </MessageBox>
      )}
      {decide.isError && <MessageBox variant="danger">{t(decide.error.message)}</MessageBox>}
      {reports.isPending ? (
        <LoadingBox />
      ) : reports.isError ? (
        <MessageBox variant="danger">{t(reports.error.message)}</MessageBox>
      ) : reports.data.reports.length === 0 ? (
        <MessageBox>
          {status === 'open' ? t('No reports are waiting.') : t('No reports have been decided yet.')}
        </MessageBox>
      ) : (
        <>
          {reports.data.reports.map((report) => (
            <ReportCard
              key={report._id}
              report={report}
              busy={decide.isPending}
              onDecide={(decision, reason) => {
                setDone(null);
                decide.mutate(
                  { id: report._id, decision, reason },
                  {
                    onSuccess: () =>
                      setDone(
                        decision === 'remove'
                          ? t('Removed; the seller is mailed your statement of reasons.')
                          : t('Kept; the reporter is told.'),
                      ),
                  },
                );
              }}
            />
          ))}
          <Pager
            page={page}
            pages={reports.data.pages}
            hrefFor={(n) =>
              `/admin_reports?${new URLSearchParams({ ...(status === 'decided' ? { status } : {}), page: String(n) })}`
            }
            label={t('Report pages')}
          />
        </>
      )}
    </section>
  );
}

interface CardProps {
  report: ModerationReport;
  busy: boolean;
  onDecide: (decision: ReportDecision, reason: string) => void;
}

function ReportCard({ report, busy, onDecide }: CardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const confirm = useConfirm();
  const ids = { heading: useId(), reason: useId(), hint: useId(), error: useId() };
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shopName = report.seller.shopName || report.seller.name;
  const subject = report.product ? report.product.name : shopName;

  async function decideAs(decision: ReportDecision) {
    if (reason.trim() === '') {
      setError(REPORT_REASON_REQUIRED);
      return;
    }
    setError(null);
    const question = decision === 'remove' ? REMOVE_QUESTION : KEEP_QUESTION;
    const asked = {
      message: question,
      confirmLabel: decision === 'remove' ? t('Remove') : t('Keep'),
      destructive: decision === 'remove',
    };
    if (!(await confirm(asked))) return;
    onDecide(decision, reason.trim());
  }

  return (
    <article className="report-card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>
        {report.product ? t('Product: {{name}}', { name: subject }) : t('Shop: {{name}}', { name: subject })}
      </h2>
      <p className="report-meta">
        <strong>{t(REPORT_CATEGORY_LABELS[report.category])}</strong>
        {' · '}
        {t('Reported {{date}}', { date: format.dateTime(report.createdAt) })}
        {report.reporterEmail && (
          <>
            {' · '}
            <a href={`mailto:${report.reporterEmail}`}>{report.reporterEmail}</a>
          </>
        )}
      </p>
      <p className="report-links">
        {report.product && (
          <Link to={`/product/${report.product._id}`}>
            {report.product.removed ? t('Open the product (removed)') : t('Open the product')}
          </Link>
        )}
        <Link to={`/seller/${report.seller._id}`}>{t('Open the shop {{name}}', { name: shopName })}</Link>
      </p>
      <blockquote className="report-text">{report.text}</blockquote>
      {report.decision ? (
        <p className="report-decision">
          {t(report.decision === 'remove' ? 'Removed by {{name}}, {{date}}.' : 'Kept by {{name}}, {{date}}.', {
            name: report.decidedBy?.name ?? '–',
            date: report.decidedAt ? format.dateTime(report.decidedAt) : '–',
          })}{' '}
          {t('Reason: {{reason}}', { reason: report.reason ?? '' })}
        </p>
      ) : (
        <>
          <div className="form-field">
            <label htmlFor={ids.reason}>{t('Statement of reasons')}</label>
            <textarea
              id={ids.reason}
              rows={3}
              maxLength={REPORT_REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim() !== '') setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            />
            <p id={ids.hint} className="form-hint">
              {t('Required: the facts and the ground for the decision. The seller reads it if the listing is removed.')}
            </p>
            {error && (
              <p id={ids.error} className="form-error" role="alert">
                {t(error)}
              </p>
            )}
          </div>
          <p className="cell-actions report-actions">
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void decideAs('keep')}
            >
              {t('Keep')}
              <span className="visually-hidden">{` ${subject}`}</span>
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => void decideAs('remove')}
            >
              {report.product ? t('Remove the listing') : t('Remove the shop’s listings')}
              <span className="visually-hidden">{` ${subject}`}</span>
            </button>
          </p>
        </>
      )}
    </article>
  );
}
