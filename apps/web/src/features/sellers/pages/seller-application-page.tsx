import type { UserDetails } from '@torget/shared/api-types';
import { planLabel } from '@torget/shared/rules/plans';
import { type ShopStatus, shopStatus } from '@torget/shared/rules/shop-status';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useUserDetails } from '#web/api/user-details.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { RichText } from '#web/components/rich-text.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import '../sellers.css';

/** /seller_application: the signed-in user's own application, read only, with its shop status. */
export function SellerApplicationPage() {
  useDocumentTitle('Seller application');
  const { user } = useSession();
  const details = useUserDetails(user?._id ?? '');
  return (
    <section className="page form-page" aria-labelledby="application-heading">
      <div className="form-card">
        <h1 id="application-heading">Seller application</h1>
        {details.isPending ? (
          <LoadingBox />
        ) : details.isError ? (
          <MessageBox variant="danger">{details.error.message}</MessageBox>
        ) : (
          <ApplicationDetails details={details.data} />
        )}
      </div>
    </section>
  );
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
  const shop = details.seller;
  const status = shopStatus(details);
  if (!shop) {
    return (
      <>
        <dl className="form-summary application-summary">
          <Row label="Status">{status}</Row>
        </dl>
        <MessageBox>
          You have not applied to become a seller. <Link to="/seller_info_1">Read how to become a seller</Link>
        </MessageBox>
      </>
    );
  }
  return (
    <dl className="form-summary application-summary">
      <Row label="Plan">{`${shop.plan} – ${planLabel(shop.plan)}`}</Row>
      <Row label="Status">
        <span className={`status-pill ${STATUS_CLASS[status]}`}>{status}</span>
      </Row>
      <Row label="Name">{shop.name}</Row>
      <Row label="Address">{shop.address}</Row>
      <Row label="Post number">{shop.post_number}</Row>
      <Row label="City">{shop.city}</Row>
      <Row label="Phone">{shop.phone}</Row>
      <Row label="Organisation Number">{shop.organisation_number}</Row>
      <Row label="Description">
        {shop.description.trim() === '' ? <span className="muted">–</span> : <RichText html={shop.description} />}
      </Row>
    </dl>
  );
}
