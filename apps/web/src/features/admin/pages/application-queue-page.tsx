import type { PendingSellerApplication, SellerProfile } from '@torget/shared/api-types.generated';
import { planLabel } from '@torget/shared/rules/plans';
import { DECISION_REASON_MAX, REASON_REQUIRED } from '@torget/shared/rules/seller-applications';
import { type ReactNode, useId, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { RichText } from '#web/components/rich-text.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useDecideApplication } from '../api/decide-application';
import { usePendingApplications } from '../api/get-seller-applications';
import '../admin.css';

const APPROVE_QUESTION = 'Approve this application? The shop opens at once and the applicant is mailed.';
const REJECT_QUESTION = 'Reject this application? The applicant is mailed your reason and may apply again.';

/**
 * The fields of an application as the admin reads them, in the Create Shop form's order: each a
 * key of the stored shop (the API's seller object) and its label. A field added to the
 * application is one line here.
 */
const APPLICATION_FIELDS: readonly (readonly [keyof SellerProfile, string])[] = [
  ['name', 'Shop Name'],
  ['address', 'Address'],
  ['post_number', 'Post number'],
  ['city', 'City'],
  ['phone', 'Phone'],
  ['organisation_number', 'Organisation number'],
  ['type', 'You sell as'],
  ['legal_name', 'Legal name'],
  ['personal_number', 'Personal identity number'],
  ['self_certified_at', 'I only offer products that comply with EU law'],
  ['description', 'Shop Description'],
];

/** The queue's address at page `n` (the first page has none). */
const pageHref = (n: number) => (n === 1 ? '/admin_applications' : `/admin_applications?page=${n}`);

/**
 * /admin_applications (admin): the pending seller applications, oldest first, 20 a page
 * (`?page=`), each with every field the applicant gave and the earlier decisions on them;
 * approve, or reject with a reason the applicant is mailed. Both ask first.
 */
export function ApplicationQueuePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Seller applications'));
  const [params] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const applications = usePendingApplications(page);
  const decide = useDecideApplication();
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className="page" aria-labelledby="applications-heading">
      <h1 id="applications-heading">{t('Seller applications')}</h1>
      <p className="form-hint">
        {t(
          'Pending applications, oldest first. Approving opens the shop at once; the applicant is mailed either way, with your reason.',
        )}
      </p>
      {done && <MessageBox variant="success">{done}</MessageBox>}
      {decide.isError && <MessageBox variant="danger">{t(decide.error.message)}</MessageBox>}
      {applications.isPending ? (
        <LoadingBox />
      ) : applications.isError ? (
        <MessageBox variant="danger">{t(applications.error.message)}</MessageBox>
      ) : applications.data.applications.length === 0 && applications.data.pages > 0 ? (
        // Past the last page (its last application decided): the last page there is.
        <Navigate to={pageHref(applications.data.pages)} replace />
      ) : applications.data.applications.length === 0 ? (
        <MessageBox>{t('No applications are waiting.')}</MessageBox>
      ) : (
        <>
          {applications.data.applications.map((application) => (
            <ApplicationCard
              key={application._id}
              application={application}
              busy={decide.isPending}
              onDecide={(approved, reason) => {
                setDone(null);
                decide.mutate(
                  { userId: application._id, approved, reason },
                  {
                    onSuccess: () =>
                      setDone(
                        approved
                          ? t('The application from {{name}} is approved; the shop is open.', {
                              name: application.name,
                            })
                          : t('The application from {{name}} is rejected; they are mailed your reason.', {
                              name: application.name,
                            }),
                      ),
                  },
                );
              }}
            />
          ))}
          <Pager page={page} pages={applications.data.pages} hrefFor={pageHref} label={t('Application pages')} />
        </>
      )}
    </section>
  );
}

interface CardProps {
  application: PendingSellerApplication;
  busy: boolean;
  onDecide: (approved: boolean, reason: string) => void;
}

function ApplicationCard({ application, busy, onDecide }: CardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const confirm = useConfirm();
  const ids = { heading: useId(), reason: useId(), hint: useId(), error: useId() };
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shop = application.seller;

  async function approve() {
    if (!(await confirm({ message: APPROVE_QUESTION, confirmLabel: t('Approve') }))) return;
    onDecide(true, reason.trim());
  }

  async function reject() {
    if (reason.trim() === '') {
      setError(REASON_REQUIRED);
      return;
    }
    setError(null);
    if (!(await confirm({ message: REJECT_QUESTION, confirmLabel: t('Reject'), destructive: true }))) return;
    onDecide(false, reason.trim());
  }

  return (
    <article className="application-card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>
        {shop.name} <span className="muted">({application.name})</span>
      </h2>
      <p className="application-meta">
        {t('Applied {{date}}', { date: format.dateTime(application.applied_at) })}
        {' · '}
        <a href={`mailto:${application.email}`}>{application.email}</a>
        {' · '}
        <Link to={`/user/${application._id}/edit`}>{t('Edit User')}</Link>
      </p>
      {application.decisions.map((decision) => (
        <p key={decision.decided_at} className="application-earlier">
          {t(EARLIER[decision.decision], { date: format.dateTime(decision.decided_at) })}
          {decision.reason && ` ${t('Reason: {{reason}}', { reason: decision.reason })}`}
        </p>
      ))}
      <dl className="form-summary">
        <dt>{t('Plan')}</dt>
        <dd>{t('Plan {{plan}}: {{label}}', { plan: shop.plan, label: planLabel(shop.plan) })}</dd>
        {APPLICATION_FIELDS.map(([key, label]) => (
          <FieldRow key={key} label={t(label)} name={key} value={shop[key]} />
        ))}
      </dl>
      <div className="form-field">
        <label htmlFor={ids.reason}>{t('Reason')}</label>
        <textarea
          id={ids.reason}
          rows={3}
          maxLength={DECISION_REASON_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim() !== '') setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        />
        <p id={ids.hint} className="form-hint">
          {t('Required to reject, optional to approve: the applicant reads it in the mail and on their application.')}
        </p>
        {error && (
          <p id={ids.error} className="form-error" role="alert">
            {t(error)}
          </p>
        )}
      </div>
      <p className="cell-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void approve()}>
          {t('Approve')}
          <span className="visually-hidden">{` ${shop.name}`}</span>
        </button>
        <button type="button" className="button button-danger" disabled={busy} onClick={() => void reject()}>
          {t('Reject')}
          <span className="visually-hidden">{` ${shop.name}`}</span>
        </button>
      </p>
    </article>
  );
}

const EARLIER = {
  approved: 'Approved before, {{date}}.',
  rejected: 'Rejected before, {{date}}.',
  revoked: 'Shop closed by an admin, {{date}}.',
} as const;

/** One field: text as it was given, the description as sanitised HTML, a yes/no as such. */
function FieldRow({ label, name, value }: { label: string; name: string; value: unknown }) {
  const { t } = useTranslation();
  let shown: ReactNode;
  if (name === 'type') shown = value === 'business' ? t('Business') : value === 'private' ? t('Private person') : '–';
  // Self-certified when it has a time: the applicant ticked the box.
  else if (name === 'self_certified_at') shown = value ? t('Yes') : t('No');
  else if (typeof value === 'boolean') shown = value ? t('Yes') : t('No');
  else if (typeof value !== 'string' || value.trim() === '') shown = <span className="muted">–</span>;
  else if (name === 'description') shown = <RichText html={value} />;
  else shown = value;
  return (
    <>
      <dt>{label}</dt>
      <dd>{shown}</dd>
    </>
  );
}
