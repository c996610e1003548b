import type { OwnSellerApplication, UserDetails } from '@torget/shared/api-types.generated';
import { planLabel } from '@torget/shared/rules/plans';
import { type ShopStatus, shopStatus } from '@torget/shared/rules/shop-status';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useUserDetails } from '#web/api/user-details.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { RichText } from '#web/components/rich-text.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useOwnApplication } from '../api/own-application';
import '../sellers.css';

/** /seller_application: the signed-in user's own application, read only, with its shop status. */
export function SellerApplicationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Seller application'));
  const { user } = useSession();
  const details = useUserDetails(user?._id ?? '');
  const own = useOwnApplication(user !== null);
  return (
    <section className="page form-page" aria-labelledby="application-heading">
      <div className="form-card">
        <h1 id="application-heading">{t('Seller application')}</h1>
        {details.isPending ? (
          <LoadingBox />
        ) : details.isError ? (
          <MessageBox variant="danger">{t(details.error.message)}</MessageBox>
        ) : (
          <>
            {own.data && <NextStep application={own.data} plan={details.data.seller?.plan ?? '1'} />}
            <ApplicationDetails details={details.data} />
          </>
        )}
      </div>
    </section>
  );
}

/**
 * What happens next, by the application's state: the review and its mail while pending; after a
 * rejection, why, and the way to change the application and send it again; after the approval,
 * the way to the shop.
 */
function NextStep({ application, plan }: { application: OwnSellerApplication; plan: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const decision = application.decision;
  switch (application.state) {
    case 'pending':
      return (
        <MessageBox>
          <strong>{t('What happens next')}</strong>{' '}
          {t('We review applications within 2 working days, and you get an e-mail when we have decided.')}
          {decision?.decision === 'rejected' && ` ${t('You have changed the application and sent it again.')}`}
        </MessageBox>
      );
    case 'rejected':
      return (
        <div className="alert alert-danger application-next" role="status">
          <p>
            <strong>
              {t('Your application was not approved ({{date}}).', { date: format.date(decision?.decided_at) })}
            </strong>
          </p>
          {decision?.reason && (
            <p className="application-reason">{t('Reason: {{reason}}', { reason: decision.reason })}</p>
          )}
          <p>{t('You can change the application and send it again.')}</p>
          <p>
            <Link className="button" to={`/become_seller/${plan === '2' ? '2' : '1'}`}>
              {t('Change the application')}
            </Link>
          </p>
        </div>
      );
    case 'approved':
      return (
        <div className="alert alert-success application-next" role="status">
          <p>
            <strong>{t('Your application is approved: your shop is open.')}</strong>
          </p>
          {decision?.reason && (
            <p className="application-reason">{t('Comment: {{reason}}', { reason: decision.reason })}</p>
          )}
          <p>
            <Link className="button" to="/my_shop_menu">
              {t('My Shop')}
            </Link>
          </p>
        </div>
      );
    default:
      return null;
  }
}

const STATUS_CLASS: Record<ShopStatus, string> = {
  Open: 'is-open',
  'Waiting for approval': 'is-waiting',
  Closed: 'is-closed',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function ApplicationDetails({ details }: { details: UserDetails }) {
  const { t } = useTranslation();
  const shop = details.seller;
  const status = shopStatus(details);
  if (!shop) {
    return (
      <>
        <dl className="form-summary application-summary">
          <Row label={t('Status')}>{t(status)}</Row>
        </dl>
        <MessageBox>
          {t('You have not applied to become a seller.')}{' '}
          <Link to="/seller_info_1">{t('Read how to become a seller')}</Link>
        </MessageBox>
      </>
    );
  }
  return (
    <dl className="form-summary application-summary">
      <Row label={t('Plan')}>{`${shop.plan} – ${planLabel(shop.plan)}`}</Row>
      <Row label={t('Status')}>
        <span className={`status-pill ${STATUS_CLASS[status]}`}>{t(status)}</span>
      </Row>
      <Row label={t('Name')}>{shop.name}</Row>
      <Row label={t('Address')}>{shop.address}</Row>
      <Row label={t('Post number')}>{shop.post_number}</Row>
      <Row label={t('City')}>{shop.city}</Row>
      <Row label={t('Phone')}>{shop.phone}</Row>
      <Row label={t('Organisation Number')}>{shop.organisation_number}</Row>
      <Row label={t('Description')}>
        {shop.description.trim() === '' ? <span className="muted">–</span> : <RichText html={shop.description} />}
      </Row>
    </dl>
  );
}
